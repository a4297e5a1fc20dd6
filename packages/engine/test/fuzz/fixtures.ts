/**
 * The fixed world the fuzzer works in: a few tables with GSIs and LSIs and
 * data, and a generator of VALID requests for every operation against them.
 * Destructive table operations aim at scratch tables, so the fixtures stay.
 */
import type { Engine } from '../../src/engine.js';
import type { Random } from './random.js';

const MAIN = 'fz_main';
const HASH_ONLY = 'fz_hash';
const BINARY = 'fz_bin';
const SCRATCH = 'fz_scratch';
const NEW_TABLE = 'fz_new';
const ARN_PREFIX = 'arn:aws:dynamodb:us-east-1:123456789012:table/';
/** MAIN's stream: the fuzzer's engine clock stands at 2026-01-15. */
const STREAM_ARN = `${ARN_PREFIX}${MAIN}/stream/2026-01-15T00:00:00.000`;
/** Shard ids are random; a made-up one (or a stream's real one, found by DescribeStream) tries both paths. */
const SHARD_ID = 'shardId-00000001768435200000-0badf00d';
const ITERATOR_TYPES = ['TRIM_HORIZON', 'LATEST', 'AT_SEQUENCE_NUMBER', 'AFTER_SEQUENCE_NUMBER'];

const S = (name: string) => ({ AttributeName: name, AttributeType: 'S' });
const N = (name: string) => ({ AttributeName: name, AttributeType: 'N' });
const B = (name: string) => ({ AttributeName: name, AttributeType: 'B' });
const HASH = (name: string) => ({ AttributeName: name, KeyType: 'HASH' });
const RANGE = (name: string) => ({ AttributeName: name, KeyType: 'RANGE' });

const FIXTURE_TABLES: Record<string, unknown>[] = [
  {
    TableName: MAIN,
    AttributeDefinitions: [S('pk'), N('sk'), S('gpk'), S('gsk'), S('lsk')],
    KeySchema: [HASH('pk'), RANGE('sk')],
    BillingMode: 'PAY_PER_REQUEST',
    GlobalSecondaryIndexes: [
      { IndexName: 'gsi1', KeySchema: [HASH('gpk'), RANGE('gsk')], Projection: { ProjectionType: 'ALL' } },
      {
        IndexName: 'gsi2',
        KeySchema: [HASH('gsk')],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['color', 'tags'] },
      },
    ],
    LocalSecondaryIndexes: [{ IndexName: 'lsi1', KeySchema: [HASH('pk'), RANGE('lsk')], Projection: { ProjectionType: 'KEYS_ONLY' } }],
    // Every write to it also writes a stream record, which the Streams operations read.
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  },
  {
    TableName: HASH_ONLY,
    AttributeDefinitions: [S('id'), N('num')],
    KeySchema: [HASH('id')],
    ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
    GlobalSecondaryIndexes: [
      {
        IndexName: 'byNum',
        KeySchema: [HASH('num')],
        Projection: { ProjectionType: 'KEYS_ONLY' },
        ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
      },
    ],
  },
  {
    TableName: BINARY,
    AttributeDefinitions: [B('b'), B('r')],
    KeySchema: [HASH('b'), RANGE('r')],
    BillingMode: 'PAY_PER_REQUEST',
  },
  { TableName: SCRATCH, AttributeDefinitions: [S('pk')], KeySchema: [HASH('pk')], BillingMode: 'PAY_PER_REQUEST' },
];

const COLORS = ['red', 'green', 'blue', 'ünïcødé', '😀'];

function mainKey(rng: Random) {
  return { pk: { S: `p${rng.int(4)}` }, sk: { N: String(rng.int(8)) } };
}
function hashKey(rng: Random) {
  return { id: { S: `h${rng.int(10)}` } };
}
function binKey(rng: Random) {
  return { b: { B: Buffer.from([rng.int(3)]).toString('base64') }, r: { B: Buffer.from([rng.int(4), 1]).toString('base64') } };
}

function mainItem(rng: Random): Record<string, unknown> {
  const item: Record<string, unknown> = {
    ...mainKey(rng),
    gpk: { S: `g${rng.int(3)}` },
    gsk: { S: `s${rng.int(5)}` },
    lsk: { S: `l${rng.int(6)}` },
    color: { S: rng.pick(COLORS) },
    count: { N: String(rng.int(1000) - 500) },
    tags: { SS: ['a', 'b', `t${rng.int(9)}`] },
    nums: { NS: ['1', '2.5', `-${rng.int(99) + 3}`] },
    bin: { B: 'AAEC' },
    flag: { BOOL: rng.chance(0.5) },
    nothing: { NULL: true },
    doc: { M: { list: { L: [{ S: 'x' }, { N: '1' }, { M: { deep: { S: 'y' } } }] }, bs: { BS: ['AQ==', 'Ag=='] } } },
  };
  if (rng.chance(0.3)) delete item.gpk;
  return item;
}
function hashItem(rng: Random): Record<string, unknown> {
  return { ...hashKey(rng), num: { N: String(rng.int(5)) }, text: { S: 'hello' } };
}
function binItem(rng: Random): Record<string, unknown> {
  return { ...binKey(rng), payload: { S: 'bin' } };
}

/** Fills the fixture tables; returns nothing, the data is read back through the engine. */
export function createFixtures(engine: Engine, rng: Random): void {
  for (const table of FIXTURE_TABLES) engine.execute('CreateTable', table);
  for (let i = 0; i < 40; i++) {
    engine.execute('PutItem', { TableName: MAIN, Item: mainItem(rng) });
    engine.execute('PutItem', { TableName: HASH_ONLY, Item: hashItem(rng) });
    engine.execute('PutItem', { TableName: BINARY, Item: binItem(rng) });
  }
  engine.execute('TagResource', { ResourceArn: ARN_PREFIX + MAIN, Tags: [{ Key: 'team', Value: 'fuzz' }] });
}

type Builder = (rng: Random) => Record<string, unknown>;

const capacity = (rng: Random) => rng.pick(['NONE', 'TOTAL', 'INDEXES']);

/** A random table with its key and item makers. */
function target(rng: Random) {
  const which = rng.int(3);
  if (which === 0) return { table: MAIN, key: mainKey, item: mainItem };
  if (which === 1) return { table: HASH_ONLY, key: hashKey, item: hashItem };
  return { table: BINARY, key: binKey, item: binItem };
}

/** An expression member with the placeholders it needs. */
interface ExpressionPart {
  [member: string]: unknown;
  names: Record<string, string> | undefined;
  values: Record<string, unknown> | undefined;
}

const UPDATE_EXPRESSIONS: ExpressionPart[] = [
  { UpdateExpression: 'SET #c = :v, #n = if_not_exists(#n, :zero) + :one', names: { '#c': 'color', '#n': 'count' }, values: { ':v': { S: 'blue' }, ':zero': { N: '0' }, ':one': { N: '1' } } },
  { UpdateExpression: 'ADD tags :t DELETE nums :d', names: undefined, values: { ':t': { SS: ['z'] }, ':d': { NS: ['1'] } } },
  { UpdateExpression: 'REMOVE doc.list[0], flag SET doc.#k = list_append(:l, :l)', names: { '#k': 'more' }, values: { ':l': { L: [{ S: 'q' }] } } },
  { UpdateExpression: 'SET gsk = :g, lsk = :g', names: undefined, values: { ':g': { S: 's9' } } },
];

const CONDITIONS: ExpressionPart[] = [
  { ConditionExpression: 'attribute_exists(#c) AND size(#c) > :zero', names: { '#c': 'color' }, values: { ':zero': { N: '0' } } },
  { ConditionExpression: 'attribute_not_exists(nothing) OR begins_with(color, :p)', names: undefined, values: { ':p': { S: 'r' } } },
  { ConditionExpression: 'contains(tags, :t) AND NOT (#n BETWEEN :lo AND :hi) OR #n IN (:lo, :hi)', names: { '#n': 'count' }, values: { ':t': { S: 'a' }, ':lo': { N: '-10' }, ':hi': { N: '10' } } },
  { ConditionExpression: 'attribute_type(doc, :m)', names: undefined, values: { ':m': { S: 'M' } } },
];

function withExpression(
  input: Record<string, unknown>,
  member: string,
  chosen: ExpressionPart,
): Record<string, unknown> {
  input[member] = chosen[member];
  const names = { ...((input.ExpressionAttributeNames as object | undefined) ?? {}), ...(chosen.names ?? {}) };
  const values = { ...((input.ExpressionAttributeValues as object | undefined) ?? {}), ...(chosen.values ?? {}) };
  if (Object.keys(names).length > 0) input.ExpressionAttributeNames = names;
  if (Object.keys(values).length > 0) input.ExpressionAttributeValues = values;
  return input;
}

function transactItem(rng: Random): Record<string, unknown> {
  const t = target(rng);
  const kind = rng.int(4);
  if (kind === 0) return { Put: { TableName: t.table, Item: t.item(rng) } };
  if (kind === 1) return { Delete: { TableName: t.table, Key: t.key(rng) } };
  if (kind === 2) {
    return { Update: withExpression({ TableName: MAIN, Key: mainKey(rng) }, 'UpdateExpression', UPDATE_EXPRESSIONS[0]!) };
  }
  return { ConditionCheck: withExpression({ TableName: MAIN, Key: mainKey(rng) }, 'ConditionExpression', CONDITIONS[1]!) };
}

/** Distinct keys of one table, for the batch operations. */
function distinctKeys(rng: Random, make: (rng: Random) => Record<string, unknown>, count: number): Record<string, unknown>[] {
  const seen = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < count * 3 && seen.size < count; i++) {
    const key = make(rng);
    seen.set(JSON.stringify(key), key);
  }
  return [...seen.values()];
}

export const VALID_REQUESTS: Record<string, Builder> = {
  CreateTable: (rng) => ({
    TableName: `${NEW_TABLE}${rng.int(3)}`,
    AttributeDefinitions: [S('pk'), S('sk'), N('g')],
    KeySchema: [HASH('pk'), RANGE('sk')],
    BillingMode: 'PAY_PER_REQUEST',
    GlobalSecondaryIndexes: [{ IndexName: 'g', KeySchema: [HASH('g')], Projection: { ProjectionType: 'ALL' } }],
    LocalSecondaryIndexes: [
      { IndexName: 'l', KeySchema: [HASH('pk'), RANGE('g')], Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['x'] } },
    ],
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    Tags: [{ Key: 'k', Value: 'v' }],
  }),
  DescribeTable: (rng) => ({ TableName: target(rng).table }),
  ListTables: (rng) => ({ Limit: rng.int(5) + 1, ExclusiveStartTableName: rng.chance(0.5) ? HASH_ONLY : undefined }),
  UpdateTable: (rng) =>
    rng.chance(0.5)
      ? { TableName: SCRATCH, BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 3 } }
      : {
          TableName: SCRATCH,
          AttributeDefinitions: [S('pk'), S('x')],
          GlobalSecondaryIndexUpdates: [
            rng.chance(0.5)
              ? { Create: { IndexName: 'byX', KeySchema: [HASH('x')], Projection: { ProjectionType: 'KEYS_ONLY' } } }
              : { Delete: { IndexName: 'byX' } },
          ],
        },
  DeleteTable: (rng) => ({ TableName: `${NEW_TABLE}${rng.int(3)}` }),
  PutItem: (rng) => {
    const t = target(rng);
    const input: Record<string, unknown> = { TableName: t.table, Item: t.item(rng), ReturnValues: rng.pick(['NONE', 'ALL_OLD']) };
    input.ReturnConsumedCapacity = capacity(rng);
    input.ReturnItemCollectionMetrics = t.table === MAIN ? 'SIZE' : 'NONE';
    if (t.table === MAIN && rng.chance(0.5)) withExpression(input, 'ConditionExpression', rng.pick(CONDITIONS));
    if (t.table !== MAIN && rng.chance(0.2)) input.Expected = { payload: { Exists: false } };
    return input;
  },
  GetItem: (rng) => {
    const t = target(rng);
    const input: Record<string, unknown> = { TableName: t.table, Key: t.key(rng), ConsistentRead: rng.chance(0.5) };
    if (rng.chance(0.4)) withExpression(input, 'ProjectionExpression', { ProjectionExpression: '#c, doc.list[2].deep, tags', names: { '#c': 'color' }, values: undefined });
    else if (rng.chance(0.2)) input.AttributesToGet = ['color', 'count'];
    input.ReturnConsumedCapacity = capacity(rng);
    return input;
  },
  UpdateItem: (rng) => {
    const input: Record<string, unknown> = { TableName: MAIN, Key: mainKey(rng), ReturnValues: rng.pick(['NONE', 'ALL_OLD', 'UPDATED_OLD', 'ALL_NEW', 'UPDATED_NEW']) };
    if (rng.chance(0.15)) {
      input.AttributeUpdates = { color: { Action: 'PUT', Value: { S: 'x' } }, count: { Action: 'ADD', Value: { N: '2' } } };
      return input;
    }
    withExpression(input, 'UpdateExpression', rng.pick(UPDATE_EXPRESSIONS));
    if (rng.chance(0.4)) withExpression(input, 'ConditionExpression', rng.pick(CONDITIONS));
    input.ReturnValuesOnConditionCheckFailure = rng.pick(['NONE', 'ALL_OLD']);
    return input;
  },
  DeleteItem: (rng) => {
    const t = target(rng);
    const input: Record<string, unknown> = { TableName: t.table, Key: t.key(rng), ReturnValues: rng.pick(['NONE', 'ALL_OLD']) };
    if (t.table === MAIN && rng.chance(0.5)) withExpression(input, 'ConditionExpression', rng.pick(CONDITIONS));
    return input;
  },
  Query: (rng) => {
    const kind = rng.int(5);
    const input: Record<string, unknown> = { TableName: MAIN, Limit: rng.int(10) + 1, ScanIndexForward: rng.chance(0.5) };
    if (kind === 0) {
      withExpression(input, 'KeyConditionExpression', { KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b', names: undefined, values: { ':p': { S: 'p1' }, ':a': { N: '1' }, ':b': { N: '6' } } });
      if (rng.chance(0.5)) input.ExclusiveStartKey = { pk: { S: 'p1' }, sk: { N: '2' } };
    } else if (kind === 1) {
      input.IndexName = 'gsi1';
      withExpression(input, 'KeyConditionExpression', { KeyConditionExpression: 'gpk = :g AND begins_with(gsk, :s)', names: undefined, values: { ':g': { S: 'g1' }, ':s': { S: 's' } } });
      if (rng.chance(0.5)) input.ExclusiveStartKey = { gpk: { S: 'g1' }, gsk: { S: 's1' }, pk: { S: 'p0' }, sk: { N: '1' } };
    } else if (kind === 2) {
      input.IndexName = 'lsi1';
      input.Select = rng.pick(['ALL_PROJECTED_ATTRIBUTES', 'COUNT']);
      withExpression(input, 'KeyConditionExpression', { KeyConditionExpression: '#p = :p AND lsk >= :l', names: { '#p': 'pk' }, values: { ':p': { S: 'p2' }, ':l': { S: 'l2' } } });
    } else if (kind === 3) {
      input.KeyConditions = { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'p3' }] }, sk: { ComparisonOperator: 'GT', AttributeValueList: [{ N: '2' }] } };
      input.QueryFilter = { color: { ComparisonOperator: 'NE', AttributeValueList: [{ S: 'red' }] } };
    } else {
      withExpression(input, 'KeyConditionExpression', { KeyConditionExpression: 'pk = :p', names: undefined, values: { ':p': { S: 'p0' } } });
      withExpression(input, 'FilterExpression', { FilterExpression: 'size(tags) >= :two', names: undefined, values: { ':two': { N: '2' } } });
      withExpression(input, 'ProjectionExpression', { ProjectionExpression: 'color, sk', names: undefined, values: undefined });
    }
    input.ReturnConsumedCapacity = capacity(rng);
    return input;
  },
  Scan: (rng) => {
    const t = target(rng);
    const input: Record<string, unknown> = { TableName: t.table, Limit: rng.int(20) + 1 };
    if (rng.chance(0.4)) {
      input.TotalSegments = rng.int(4) + 1;
      input.Segment = rng.int(input.TotalSegments as number);
    }
    if (t.table === MAIN && rng.chance(0.3)) input.IndexName = rng.pick(['gsi1', 'gsi2', 'lsi1']);
    if (t.table === MAIN && rng.chance(0.4)) withExpression(input, 'FilterExpression', { FilterExpression: 'color = :c OR #n < :n', names: { '#n': 'count' }, values: { ':c': { S: 'red' }, ':n': { N: '0' } } });
    else if (rng.chance(0.2)) input.ScanFilter = { color: { ComparisonOperator: 'NOT_NULL' } };
    if (rng.chance(0.3)) input.ExclusiveStartKey = t.key(rng);
    input.ReturnConsumedCapacity = capacity(rng);
    return input;
  },
  BatchGetItem: (rng) => ({
    RequestItems: {
      [MAIN]: { Keys: distinctKeys(rng, mainKey, 4), ProjectionExpression: 'pk, sk, #c', ExpressionAttributeNames: { '#c': 'color' } },
      [HASH_ONLY]: { Keys: distinctKeys(rng, hashKey, 3), ConsistentRead: true },
    },
    ReturnConsumedCapacity: capacity(rng),
  }),
  BatchWriteItem: (rng) => ({
    RequestItems: {
      [MAIN]: distinctKeys(rng, mainKey, 3).map((key) =>
        rng.chance(0.5) ? { PutRequest: { Item: { ...mainItem(rng), ...key } } } : { DeleteRequest: { Key: key } },
      ),
      [BINARY]: distinctKeys(rng, binKey, 2).map((key) => ({ PutRequest: { Item: { ...key, payload: { S: 'batch' } } } })),
    },
    ReturnConsumedCapacity: capacity(rng),
    ReturnItemCollectionMetrics: 'SIZE',
  }),
  TransactWriteItems: (rng) => {
    const items: Record<string, unknown>[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const item = transactItem(rng);
      const body = Object.values(item)[0] as Record<string, unknown>;
      const id = JSON.stringify([body.TableName, body.Key ?? body.Item]);
      if (seen.has(id)) continue;
      seen.add(id);
      items.push(item);
    }
    const input: Record<string, unknown> = { TransactItems: items, ReturnConsumedCapacity: capacity(rng) };
    if (rng.chance(0.2)) input.ClientRequestToken = `token-${rng.int(5)}`;
    return input;
  },
  TransactGetItems: (rng) => ({
    TransactItems: [
      { Get: { TableName: MAIN, Key: mainKey(rng), ProjectionExpression: '#c', ExpressionAttributeNames: { '#c': 'color' } } },
      { Get: { TableName: BINARY, Key: binKey(rng) } },
    ],
    ReturnConsumedCapacity: capacity(rng),
  }),
  UpdateTimeToLive: (rng) => ({ TableName: SCRATCH, TimeToLiveSpecification: { Enabled: rng.chance(0.5), AttributeName: 'expires' } }),
  DescribeTimeToLive: (rng) => ({ TableName: target(rng).table }),
  TagResource: (rng) => ({ ResourceArn: ARN_PREFIX + target(rng).table, Tags: [{ Key: `k${rng.int(3)}`, Value: 'v' }] }),
  UntagResource: (rng) => ({ ResourceArn: ARN_PREFIX + target(rng).table, TagKeys: [`k${rng.int(3)}`] }),
  ListTagsOfResource: (rng) => ({ ResourceArn: ARN_PREFIX + target(rng).table }),
  ListStreams: (rng) => ({ TableName: rng.chance(0.5) ? MAIN : undefined, Limit: rng.int(3) + 1 }),
  DescribeStream: (rng) => ({ StreamArn: STREAM_ARN, Limit: rng.int(3) + 1 }),
  GetShardIterator: (rng) => {
    const type = rng.pick(ITERATOR_TYPES);
    const sequence = type.endsWith('SEQUENCE_NUMBER') ? String(rng.int(40) + 1).padStart(21, '0') : undefined;
    return { StreamArn: STREAM_ARN, ShardId: SHARD_ID, ShardIteratorType: type, SequenceNumber: sequence };
  },
  GetRecords: (rng) => {
    const inner = `${SHARD_ID}|${String(rng.int(40) + 1).padStart(21, '0')}|${String(Date.UTC(2026, 0, 15)).padStart(20, '0')}`;
    return { ShardIterator: `${STREAM_ARN}|001|${Buffer.from(inner).toString('base64')}`, Limit: rng.int(5) + 1 };
  },
  DescribeEndpoints: () => ({}),
};

export const OPERATIONS = Object.keys(VALID_REQUESTS);
