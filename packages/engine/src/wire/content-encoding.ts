/**
 * HTTP content codings: request bodies sent with `Content-Encoding: gzip` or
 * `deflate`, and response bodies compressed for a client that sends
 * `Accept-Encoding`. The size limit applies to the decompressed body, and
 * zlib stops at it, so a small bomb never expands into memory.
 */
import { constants, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';

type Coding = 'gzip' | 'deflate';

export type DecodedBody =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; problem: 'unsupported' | 'corrupt'; coding: string }
  | { ok: false; problem: 'too-large' };

/** The codings of a `Content-Encoding` header, in the order they were applied. */
function codingsOf(header: string): string[] {
  return header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE';
}

/** Undoes `Content-Encoding` (last coding first), refusing any output over `limit` bytes. */
export function decodeRequestBody(contentEncoding: string | undefined, body: Uint8Array, limit: number): DecodedBody {
  if (contentEncoding === undefined) return { ok: true, bytes: body };
  const codings = codingsOf(contentEncoding);
  const unsupported = codings.find((coding) => coding !== 'gzip' && coding !== 'deflate');
  if (unsupported !== undefined) return { ok: false, problem: 'unsupported', coding: unsupported };
  let bytes = body;
  for (const coding of codings.reverse()) {
    // An empty body stays empty: there is nothing to decode.
    if (bytes.length === 0) break;
    try {
      const options = { maxOutputLength: limit };
      bytes = coding === 'gzip' ? gunzipSync(bytes, options) : inflateSync(bytes, options);
    } catch (error) {
      if (isTooLarge(error)) return { ok: false, problem: 'too-large' };
      return { ok: false, problem: 'corrupt', coding };
    }
  }
  return { ok: true, bytes };
}

/** The quality a client gives each coding in `Accept-Encoding` (`*` standing for the ones it does not name). */
function qualities(acceptEncoding: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    found.set(name, Number.isFinite(quality) ? quality : 0);
  }
  return found;
}

/** The coding to compress a response with: gzip before deflate, none when the client accepts neither. */
export function responseCoding(acceptEncoding: string | undefined): Coding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepted = qualities(acceptEncoding);
  const wildcard = accepted.get('*') ?? 0;
  const quality = (coding: Coding) => accepted.get(coding) ?? wildcard;
  const best = (['gzip', 'deflate'] as const).reduce<Coding | undefined>(
    (chosen, coding) => (quality(coding) > 0 && (chosen === undefined || quality(coding) > quality(chosen)) ? coding : chosen),
    undefined,
  );
  return best;
}

/** Compresses a response body; fast settings, since the answer is on its way to a waiting client. */
export function encodeResponseBody(coding: Coding, body: Uint8Array): Buffer {
  const options = { level: constants.Z_BEST_SPEED };
  return coding === 'gzip' ? gzipSync(body, options) : deflateSync(body, options);
}
