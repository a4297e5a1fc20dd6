/**
 * What every answer must be: a 200 with the operation's output members, or a
 * 400 (413 for an oversized body) with a DynamoDB error body; never a 500.
 * And a rejected request must leave the data as it was: the storage counts
 * its writes, and full dumps are compared on a sample.
 */
import { createHash } from 'node:crypto';
import { crc32 } from '../../src/wire/crc32.js';
import type { WireResponse } from '../../src/wire/protocol.js';
import type { Engine } from '../../src/engine.js';
import { MemoryStorage } from '../../src/storage/memory.js';
import { indexSpace, tableSpace } from '../../src/storage/storage.js';
import type { ItemWrite, TableRecord } from '../../src/storage/storage.js';

const CONSUMED = ['ConsumedCapacity'];
const ITEM_WRITE = ['Attributes', ...CONSUMED, 'ItemCollectionMetrics'];
const READ_PAGE = ['Items', 'Count', 'ScannedCount', 'LastEvaluatedKey', ...CONSUMED];

/** The members a successful answer may carry, per operation (DynamoDB's API reference). */
const OUTPUT_MEMBERS: Record<string, readonly string[]> = {
  CreateTable: ['TableDescription'],
  DescribeTable: ['Table'],
  ListTables: ['TableNames', 'LastEvaluatedTableName'],
  UpdateTable: ['TableDescription'],
  DeleteTable: ['TableDescription'],
  PutItem: ITEM_WRITE,
  UpdateItem: ITEM_WRITE,
  DeleteItem: ITEM_WRITE,
  GetItem: ['Item', ...CONSUMED],
  Query: READ_PAGE,
  Scan: READ_PAGE,
  BatchGetItem: ['Responses', 'UnprocessedKeys', ...CONSUMED],
  BatchWriteItem: ['UnprocessedItems', ...CONSUMED, 'ItemCollectionMetrics'],
  TransactWriteItems: [...CONSUMED, 'ItemCollectionMetrics'],
  TransactGetItems: ['Responses', ...CONSUMED],
  UpdateTimeToLive: ['TimeToLiveSpecification'],
  DescribeTimeToLive: ['TimeToLiveDescription'],
  TagResource: [],
  UntagResource: [],
  ListTagsOfResource: ['Tags', 'NextToken'],
  DescribeEndpoints: ['Endpoints'],
  ListStreams: ['Streams', 'LastEvaluatedStreamArn'],
  DescribeStream: ['StreamDescription'],
  GetShardIterator: ['ShardIterator'],
  GetRecords: ['Records', 'NextShardIterator'],
};

const ERROR_TYPE = /^(com\.amazon\.coral\.service|com\.amazon\.coral\.validate|com\.amazonaws\.dynamodb\.v20120810)#([A-Za-z]+)$/;
/** The exceptions a bad request may get (InternalServerError is a failure: it means a bug). */
const KNOWN_ERRORS = new Set([
  'ValidationException',
  'SerializationException',
  'UnknownOperationException',
  'ResourceNotFoundException',
  'ResourceInUseException',
  'ConditionalCheckFailedException',
  'TransactionCanceledException',
  'TransactionConflictException',
  'IdempotentParameterMismatchException',
  'ItemCollectionSizeLimitExceededException',
  'LimitExceededException',
  'AccessDeniedException',
  'ExpiredIteratorException',
  'TrimmedDataAccessException',
]);
const ERROR_MEMBERS = new Set(['__type', 'message', 'Message', 'CancellationReasons', 'Item']);

/** Why `response` is not a DynamoDB answer to `operation`, or undefined when it is one. */
export function shapeProblem(operation: string, response: WireResponse): string | undefined {
  if (response.status === 413) return response.body.length === 0 ? undefined : '413 with a body';
  if (response.status !== 200 && response.status !== 400) return `status ${response.status}: ${Buffer.from(response.body).toString('utf8').slice(0, 300)}`;
  if (response.headers['x-amz-crc32'] !== String(crc32(response.body))) return 'x-amz-crc32 does not match the body';
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(response.body).toString('utf8'));
  } catch {
    return 'body is not JSON';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'body is not a JSON object';
  const members = Object.keys(body);
  if (response.status === 400) {
    const error = body as Record<string, unknown>;
    const type = typeof error.__type === 'string' ? ERROR_TYPE.exec(error.__type) : null;
    if (type === null || !KNOWN_ERRORS.has(type[2]!)) return `bad __type ${String(error.__type)}`;
    const stray = members.find((member) => !ERROR_MEMBERS.has(member));
    if (stray !== undefined) return `error body has member ${stray}`;
    const message = error.message ?? error.Message;
    if (message !== undefined && typeof message !== 'string') return 'error message is not a string';
    // DynamoDB prints request structures as its Java service does, never as JavaScript's default.
    if (typeof message === 'string' && message.includes('[object Object]')) return `message prints [object Object]: ${message.slice(0, 300)}`;
    return undefined;
  }
  const allowed = OUTPUT_MEMBERS[operation];
  if (allowed === undefined) return `success for operation ${operation}`;
  const stray = members.find((member) => !allowed.includes(member));
  return stray === undefined ? undefined : `${operation} answered member ${stray}`;
}

/** An in-memory storage that counts every change, so a rejected request that wrote is caught exactly. */
export class CountingStorage extends MemoryStorage {
  changes = 0;

  override write(writes: readonly ItemWrite[]): void {
    if (writes.length > 0) this.changes++;
    super.write(writes);
  }
  override saveTable(record: TableRecord): void {
    this.changes++;
    super.saveTable(record);
  }
  override dropTable(name: string): void {
    this.changes++;
    super.dropTable(name);
  }
  override dropSpace(space: string): void {
    this.changes++;
    super.dropSpace(space);
  }
}

/** A digest of every table, index, item and table record the engine holds. */
export function dataDigest(engine: Engine): string {
  const hash = createHash('sha256');
  const { storage, catalog } = engine.context;
  for (const record of storage.tables().sort((a, b) => (a.name < b.name ? -1 : 1))) {
    hash.update(JSON.stringify(record));
    const spaces = [tableSpace(record.name)];
    const meta = catalog.find(record.name);
    for (const index of meta?.indexes ?? []) spaces.push(indexSpace(record.name, index.name));
    for (const space of spaces) {
      hash.update(`\n${space}\n`);
      for (const stored of storage.scan(space, { index: 0, total: 1 })) {
        hash.update(`${stored.partition}|${stored.sort}|${stored.size}|`);
        hash.update(JSON.stringify(stored.item, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value)));
      }
    }
  }
  return hash.digest('hex');
}
