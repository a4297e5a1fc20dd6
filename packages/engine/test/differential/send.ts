/** Sends one DynamoDB operation by name through an SDK client; the answer or the error as comparable data. */
import { gzipSync } from 'node:zlib';
import * as sdk from '@aws-sdk/client-dynamodb';
import { crc32 } from '@dynotable/engine';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { errorOutcome, responseOutcome } from './canonical.js';
import type { Outcome } from './canonical.js';
import type { Input } from './requests.js';

// The inputs are built from typed scenario data; the SDK's input types are checked by DynamoDB's own validation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const commandOf = (operation: string) => (sdk as unknown as Record<string, (new (input: any) => any) | undefined>)[`${operation}Command`];

/**
 * The raw response (for paging) and its comparable form. DynamoDB Local keeps
 * numbers nested in L and M as they were written (`1E1`, `-000.50`) where
 * DynamoDB stores and returns every number in one normal form, so Local's
 * answers get their numbers normalized (`normalizeNumbers`).
 */
export async function send(client: DynamoDBClient, operation: string, input: Input, normalizeNumbers = false): Promise<{ raw?: Record<string, unknown>; outcome: Outcome }> {
  const Command = commandOf(operation);
  if (Command === undefined) throw new Error(`no command for ${operation}`);
  try {
    const raw = (await (client.send(new Command(input)) as Promise<unknown>)) as Record<string, unknown>;
    return { raw, outcome: responseOutcome(raw, normalizeNumbers) };
  } catch (error) {
    return { outcome: errorOutcome(error, normalizeNumbers) };
  }
}

/**
 * Sends about one request in `every` with its body gzip-compressed
 * (`Content-Encoding: gzip`), so the differential also covers compressed
 * requests: the answers must not change. The body's own checksum picks them,
 * so a replayed scenario compresses the same requests. Signing comes after this
 * step, so the signature covers the compressed bytes, as for any SDK that compresses.
 */
export function gzipSomeRequests(client: DynamoDBClient, every = 4): DynamoDBClient {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { body?: unknown; headers?: Record<string, string> };
      // The serializer hands over text or bytes, depending on the SDK's version.
      const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body instanceof Uint8Array ? request.body : undefined;
      if (body !== undefined && request.headers !== undefined && crc32(body) % every === 0) {
        const compressed = gzipSync(body);
        request.body = compressed;
        request.headers['content-encoding'] = 'gzip';
        request.headers['content-length'] = String(compressed.length);
      }
      return next(args);
    },
    { step: 'build', name: 'gzipSomeRequestBodies', priority: 'low' },
  );
  return client;
}
