/**
 * Optional AWS Signature Version 4 checking for the HTTP server: given a set
 * of access keys and their secrets, every signed request is signed again here
 * (with @smithy/signature-v4, the AWS SDK's own signer) and the two signatures
 * compared, as DynamoDB does. Without keys the engine accepts any credentials.
 * Secrets stay inside this module: no message ever includes one.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { wireError } from './errors.js';
import type { WireError } from './errors.js';

export interface EngineCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** What the signature check needs of a request: the body exactly as received (before any decompression). */
interface SignedRequest {
  method: string;
  path: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Uint8Array;
}

export interface SignatureChecker {
  /** The refusal for a request whose signature does not hold, or undefined when it does. */
  check(request: SignedRequest): Promise<WireError | undefined>;
}

/** How far a request's date may be from the engine's clock, as DynamoDB allows. */
const ALLOWED_SKEW_MS = 15 * 60 * 1000;

const INVALID_TOKEN = 'The security token included in the request is invalid.';
const SIGNATURE_MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

type SourceData = string | ArrayBuffer | ArrayBufferView;

function bytesOf(data: SourceData): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** SHA-256 (and HMAC-SHA-256 with a key) on node:crypto, in the shape the signer takes. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.hash.digest());
  }
}

function header(request: SignedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** What a signature claims, from the `Authorization` header or a presigned URL's query. */
interface Claim {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/** `AKID/20260101/us-east-1/dynamodb/aws4_request` with the signed headers and signature, or undefined. */
function claimOf(credential: string | undefined, signedHeaders: string | undefined, signature: string | undefined): Claim | undefined {
  const scope = (credential ?? '').split('/');
  if (scope.length !== 5 || scope[4] !== 'aws4_request' || signedHeaders === undefined || signature === undefined) return undefined;
  const [accessKeyId, date, region, service] = scope as [string, string, string, string];
  return { accessKeyId, date, region, service, signedHeaders: signedHeaders.toLowerCase().split(';'), signature };
}

/** `AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=a;b, Signature=hex` */
function parseAuthorization(value: string): Claim | undefined {
  const match = /^AWS4-HMAC-SHA256\s+(.*)$/s.exec(value.trim());
  if (match === null) return undefined;
  const fields = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const equals = part.indexOf('=');
    if (equals !== -1) fields.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim());
  }
  return claimOf(fields.get('Credential'), fields.get('SignedHeaders'), fields.get('Signature'));
}

/** `20260101T120000Z` → a Date, or undefined when it is not one. */
function parseAmzDate(text: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (match === null) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * DynamoDB's words for a request dated more than 15 minutes away from now
 * (a presigned URL may be older: up to its X-Amz-Expires).
 */
function skewMessage(signed: Date, now: Date, earliestMs: number): string | undefined {
  const earliest = new Date(now.getTime() - earliestMs);
  const latest = new Date(now.getTime() + ALLOWED_SKEW_MS);
  if (signed < earliest) return `Signature expired: ${amzDate(signed)} is now earlier than ${amzDate(earliest)} (${amzDate(now)} - ${earliestMs / 60_000} min.)`;
  if (signed > latest) return `Signature not yet current: ${amzDate(signed)} is still later than ${amzDate(latest)} (${amzDate(now)} + 15 min.)`;
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The query parameters a presigned URL adds; the signer puts them back itself. */
const PRESIGN_PARAMETERS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];
/** The longest a presigned URL may live: a week. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

type Query = Record<string, string | string[]>;

function splitPath(path: string): { path: string; query: Query } {
  const mark = path.indexOf('?');
  if (mark === -1) return { path, query: {} };
  const query: Query = {};
  for (const [key, value] of new URLSearchParams(path.slice(mark + 1))) {
    const earlier = query[key];
    query[key] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return { path: path.slice(0, mark), query };
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

const incomplete = (message: string) => wireError('IncompleteSignatureException', message);
const invalidSignature = (message: string) => wireError('InvalidSignatureException', message);
const MISSING_DATE = `Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.`;

/** The signature a signer computes for the request, from the claim's signed headers; undefined when it cannot. */
type Recompute = (signer: SignatureV4, claim: Claim, signedAt: Date) => Promise<string | undefined>;

/** A checker accepting requests signed with one of `credentials`; `now` is the engine's clock. */
export function createSignatureChecker(credentials: readonly EngineCredentials[], now: () => number = Date.now): SignatureChecker {
  const signers = new Map<string, SignatureV4>();
  for (const { accessKeyId, secretAccessKey } of credentials) {
    signers.set(accessKeyId, new SignatureV4({ credentials: { accessKeyId, secretAccessKey }, region: 'us-east-1', service: 'dynamodb', sha256: NodeSha256 }));
  }

  /** The claim checked in DynamoDB's order: the key, the date, then the signature itself. */
  async function verify(request: SignedRequest, claim: Claim, signedAt: Date | undefined, earliestMs: number, recompute: Recompute): Promise<WireError | undefined> {
    const signer = signers.get(claim.accessKeyId);
    if (signer === undefined) return wireError('UnrecognizedClientException', INVALID_TOKEN);
    if (signedAt === undefined) return incomplete(MISSING_DATE);
    const skew = skewMessage(signedAt, new Date(now()), earliestMs);
    if (skew !== undefined) return invalidSignature(skew);
    // The scope's date must be the request's day, or the signature is not the one computed here.
    if (claim.date !== amzDate(signedAt).slice(0, 8)) return invalidSignature(SIGNATURE_MISMATCH);
    // The signer takes a claimed body hash on trust: a body changed after signing must not pass.
    const claimedHash = header(request, 'x-amz-content-sha256');
    if (claimedHash !== undefined && claimedHash !== createHash('sha256').update(request.body).digest('hex')) return invalidSignature(SIGNATURE_MISMATCH);
    const expected = await recompute(signer, claim, signedAt);
    return expected !== undefined && sameText(expected, claim.signature) ? undefined : invalidSignature(SIGNATURE_MISMATCH);
  }

  function signedHeadersOf(request: SignedRequest, claim: Claim): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const name of claim.signedHeaders) {
      const found = header(request, name);
      if (found !== undefined) headers[name] = found;
    }
    return headers;
  }

  async function checkHeader(request: SignedRequest, value: string): Promise<WireError | undefined> {
    const claim = parseAuthorization(value);
    if (claim === undefined) return incomplete(`Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters.`);
    const { path, query } = splitPath(request.path);
    return verify(request, claim, parseAmzDate(header(request, 'x-amz-date')), ALLOWED_SKEW_MS, async (signer, { region, service, signedHeaders }, signingDate) => {
      const signed = await signer.sign(
        { method: request.method, protocol: 'http:', hostname: header(request, 'host') ?? '', path, query, headers: signedHeadersOf(request, claim), body: request.body },
        { signingDate, signingRegion: region, signingService: service, signableHeaders: new Set(signedHeaders) },
      );
      return /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization))?.[1];
    });
  }

  async function checkQuery(request: SignedRequest): Promise<WireError | undefined> {
    const { path, query } = splitPath(request.path);
    const claim = claimOf(single(query['X-Amz-Credential']), single(query['X-Amz-SignedHeaders']), single(query['X-Amz-Signature']));
    const expires = Number(single(query['X-Amz-Expires']));
    if (claim === undefined || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
      return incomplete(`Query-string authentication requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature parameters.`);
    }
    const unsigned: Query = {};
    for (const [key, value] of Object.entries(query)) if (!PRESIGN_PARAMETERS.includes(key)) unsigned[key] = value;
    const signedAt = parseAmzDate(single(query['X-Amz-Date']));
    return verify(request, claim, signedAt, Math.max(ALLOWED_SKEW_MS, expires * 1000), async (signer, { region, service, signedHeaders }, signingDate) => {
      const names = new Set(signedHeaders);
      const presigned = await signer.presign(
        { method: request.method, protocol: 'http:', hostname: header(request, 'host') ?? '', path, query: unsigned, headers: signedHeadersOf(request, claim), body: request.body },
        { signingDate, expiresIn: expires, signingRegion: region, signingService: service, signableHeaders: names, unhoistableHeaders: names },
      );
      return single(presigned.query?.['X-Amz-Signature'] ?? undefined);
    });
  }

  return {
    async check(request) {
      try {
        const authorization = header(request, 'authorization');
        return authorization === undefined ? await checkQuery(request) : await checkHeader(request, authorization);
      } catch {
        // Input the signer cannot handle cannot carry a valid signature.
        return invalidSignature(SIGNATURE_MISMATCH);
      }
    },
  };
}
