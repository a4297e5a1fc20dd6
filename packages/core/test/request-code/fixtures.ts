/** Requests for the code generator tests: one hand-written worst case and random ones. */
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import type { AttributeValue, CodegenOperation, CodegenParams, CodegenRequest } from '@dynotable/core';

/** Characters that break naive escaping in at least one of the target languages. */
const TRICKY = [
  "'", '"', '\\', '\n', '\r', '\t', '$', '`', '$(x)', '!', '%s', '{}', '\u0001', '\u001e', '\u007f', '\u0085', '\u00a0',
  '\u2028', '\u202e', '\ufeff', 'é', 'ğ', '中', '😀', '\\u0041', '\\x41', '\\n', '*/', '${x}', ' ',
];

/** Strings that a command line can carry (no NUL). */
export const trickyString = fc.string({
  unit: fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
  maxLength: 12,
});

/** Strings for attribute values, which may hold NUL. */
export const valueString = fc.oneof(trickyString, fc.constant('a\u0000b'));

const numberText = fc.oneof(
  fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }).map(String),
  fc.integer().map(String),
  fc.constantFrom('0', '-0', '1.5', '-0.001', '1e-7', '1E+5', '01', '123456789012345678901234567890.12345678', '9007199254740993'),
);

const bytes = fc.uint8Array({ maxLength: 8 });
const bytesKey = (b: Uint8Array) => Array.from(b).join(',');

function record<T>(value: fc.Arbitrary<T>, maxLength = 3): fc.Arbitrary<Record<string, T>> {
  return fc
    .uniqueArray(fc.tuple(trickyString, value), { maxLength, selector: ([key]) => key })
    .map((entries) => Object.fromEntries(entries));
}

const attributeValue: fc.Arbitrary<AttributeValue> = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    valueString.map((S) => ({ S })),
    numberText.map((N) => ({ N })),
    bytes.map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true as const }),
    fc.uniqueArray(valueString, { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
    fc.uniqueArray(numberText, { minLength: 1, maxLength: 3 }).map((NS) => ({ NS })),
    fc.uniqueArray(bytes, { minLength: 1, maxLength: 3, selector: bytesKey }).map((BS) => ({ BS })),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    record(tie('value')).map((M) => ({ M })),
  ),
})).value;

const item = record(attributeValue);
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

export const codegenRequest: fc.Arbitrary<CodegenRequest> = fc
  .record({
    operation: fc.constantFrom<CodegenOperation>('GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan'),
    params: fc.record({
      TableName: trickyString.filter((s) => s.length > 0),
      IndexName: opt(trickyString),
      Key: opt(item),
      KeyConditionExpression: opt(trickyString),
      UpdateExpression: opt(trickyString),
      FilterExpression: opt(trickyString),
      ExpressionAttributeNames: opt(record(trickyString)),
      ExpressionAttributeValues: opt(item),
      ScanIndexForward: opt(fc.boolean()),
      Limit: opt(fc.integer({ min: 1, max: 1000 })),
      Select: opt(fc.constantFrom('ALL_ATTRIBUTES', 'COUNT')),
    }),
  })
  .map(({ operation, params }) => ({ operation, params: dropUndefined(params) as unknown as CodegenParams }));

function dropUndefined(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/** The audit-log day window, plus one value of every type and the characters that break quoting. */
export const RICH_REQUEST: CodegenRequest = {
  operation: 'Query',
  params: {
    TableName: 'AuditLog',
    IndexName: 'GSI1',
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
    FilterExpression: '#status <> :closed AND size(#tags) > :n',
    ProjectionExpression: '#pk, #sk, #tags[0]',
    ExpressionAttributeNames: { '#pk': 'PK', '#sk': 'SK', '#status': 'status', '#tags': 'tags' },
    ExpressionAttributeValues: {
      ':pk': { S: "ACTOR#u_8814 it's \"$HOME\" \\ `x` \n é 中 😀 \u202e" },
      ':lo': { S: 'EVT#2026-06-23T00:00:00Z' },
      ':hi': { S: 'EVT#2026-06-23T23:59:59Z' },
      ':closed': { S: 'closed' },
      ':n': { N: '12345678901234567890123456789012345678' },
      ':bin': { B: new Uint8Array([0, 1, 34, 39, 92, 255]) },
      ':m': {
        M: {
          set: { SS: ['a', "b'c"] },
          nums: { NS: ['1', '-0.5', '99999999999999999999999999999999999999'] },
          bins: { BS: [new Uint8Array([1]), new Uint8Array([])] },
          list: { L: [{ NULL: true }, { BOOL: false }, { N: '1e-7' }, { M: {} }, { L: [] }] },
          'needs "quotes"': { S: '' },
        },
      },
    },
    ScanIndexForward: false,
    ConsistentRead: false,
    Limit: 25,
    Select: 'ALL_ATTRIBUTES',
    ReturnConsumedCapacity: 'TOTAL',
  },
};

/** Plain-JSON form for comparisons: bytes become `{ $bytes: base64 }`. */
export function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Set) return { $set: [...value].map(plain) };
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  }
  return value;
}

/** DynamoDB's JSON wire form computed independently of the code under test. */
export function wire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Uint8Array ? Buffer.from(inner).toString('base64') : inner)));
}

/** Whether an executable is on this machine; tests that need it are skipped otherwise. */
export function hasCommand(command: string, args = ['--version']): boolean {
  try {
    return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  }
}
