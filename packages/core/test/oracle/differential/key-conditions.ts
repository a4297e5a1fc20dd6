/**
 * KeyConditionExpression cases: one partition of items with random sort keys,
 * a random key condition written in any of the legal shapes (aliases, either
 * order, parentheses, keyword case) or an illegal one (OR, NOT, <>, a function
 * other than begins_with, two conditions on one key). DynamoDB Local's Query
 * result must equal the stored items core's evaluator accepts, in comparator order.
 */
import fc from 'fast-check';
import { compareScalars, isDynamoError } from '@dynotable/core';
import type { AttributeValue, Item, KeyType } from '@dynotable/core';
import { putAll, queryAll } from '../tables.js';
import { canonicalItem } from './canonical.js';
import { coreApi } from './core-api.js';
import { Placeholders } from './render.js';
import type { Rendered } from './render.js';
import { attributeMaps } from './runners.js';
import type { CaseTarget, ExpressionCase, Outcome } from './runners.js';

const SORT_DOMAINS: Record<KeyType, fc.Arbitrary<AttributeValue>> = {
  S: fc
    .array(fc.constantFrom('a', 'b', 'ab', 'é', '😀', '\ue000', 'A'), { minLength: 1, maxLength: 3 })
    .map((parts) => ({ S: parts.join('') })),
  N: fc.constantFrom('-10', '-1.5', '-1', '0', '0.5', '1', '2', '10', '100', '1E+5', '-1E-5').map((N) => ({ N })),
  B: fc
    .array(fc.constantFrom(0x00, 0x01, 0x7f, 0x80, 0xff), { minLength: 1, maxLength: 3 })
    .map((bytes) => ({ B: Uint8Array.from(bytes) })),
};

const OTHER_TYPE: Record<KeyType, fc.Arbitrary<AttributeValue>> = {
  S: SORT_DOMAINS.N,
  N: SORT_DOMAINS.S,
  B: SORT_DOMAINS.S,
};

type SortCondition =
  | { kind: 'compare'; op: string; value: AttributeValue }
  | { kind: 'between'; low: AttributeValue; high: AttributeValue }
  | { kind: 'begins_with'; value: AttributeValue }
  | { kind: 'bad-function'; name: 'attribute_exists' | 'contains' };

export interface KeyConditionCase extends ExpressionCase {
  /** The sort keys stored in the case's partition. */
  sortKeys: AttributeValue[];
  /** Query a partition that holds nothing. */
  otherPartition: boolean;
  /** Read with ScanIndexForward=false: the exact reverse order. */
  backward: boolean;
}

const keyFor = (value: AttributeValue) => canonicalItem({ k: value });

/** Key values may not be empty; DynamoDB says so with its own message. */
const EMPTY: Record<KeyType, AttributeValue | undefined> = { S: { S: '' }, N: undefined, B: { B: new Uint8Array() } };

function sortCondition(type: KeyType): fc.Arbitrary<SortCondition> {
  const empty = EMPTY[type];
  const value = fc.oneof(
    { weight: 18, arbitrary: SORT_DOMAINS[type] },
    { weight: 2, arbitrary: OTHER_TYPE[type] },
    ...(empty ? [{ weight: 1, arbitrary: fc.constant(empty) }] : []),
  );
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('compare' as const), op: fc.constantFrom('=', '<', '<=', '>', '>=', '=', '<>'), value }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('between' as const), low: value, high: value }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('begins_with' as const), value }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('bad-function' as const), name: fc.constantFrom('attribute_exists' as const, 'contains' as const) }) },
  );
}

interface Shape {
  aliasPk: boolean;
  aliasSk: boolean;
  skFirst: boolean;
  parenPk: boolean;
  parenSk: boolean;
  parenAll: boolean;
  upper: boolean;
  joiner: 'AND' | 'OR';
  negate: boolean;
  pkTwice: boolean;
  otherPartition: boolean;
}

const shape: fc.Arbitrary<Shape> = fc.record({
  aliasPk: fc.boolean(),
  aliasSk: fc.boolean(),
  skFirst: fc.boolean(),
  parenPk: fc.boolean(),
  parenSk: fc.boolean(),
  parenAll: fc.boolean(),
  upper: fc.boolean(),
  joiner: fc.constantFrom('AND' as const, 'AND' as const, 'AND' as const, 'AND' as const, 'OR' as const),
  negate: fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  pkTwice: fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  otherPartition: fc.oneof({ weight: 10, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

/** Placeholder for the case's own partition key value, filled in when the case runs. */
const PARTITION_PLACEHOLDER = ':p';

function render(sort: SortCondition | undefined, s: Shape): Rendered {
  const p = new Placeholders();
  const kw = (word: string) => (s.upper ? word : word.toLowerCase());
  const wrap = (text: string, paren: boolean) => (paren ? `(${text})` : text);
  const pk = s.aliasPk ? p.name('pk') : 'pk';
  let pkText = `${pk} = ${PARTITION_PLACEHOLDER}`;
  if (s.pkTwice) pkText += ` ${kw('AND')} ${pk} = ${PARTITION_PLACEHOLDER}`;
  let text = wrap(pkText, s.parenPk);
  if (sort !== undefined) {
    const sk = s.aliasSk ? p.name('sk') : 'sk';
    let skText: string;
    switch (sort.kind) {
      case 'compare':
        skText = `${sk} ${sort.op} ${p.value(sort.value)}`;
        break;
      case 'between':
        skText = `${sk} ${kw('BETWEEN')} ${p.value(sort.low)} ${kw('AND')} ${p.value(sort.high)}`;
        break;
      case 'begins_with':
        skText = `begins_with(${sk}, ${p.value(sort.value)})`;
        break;
      case 'bad-function':
        skText = sort.name === 'contains' ? `contains(${sk}, ${p.value({ S: 'a' })})` : `attribute_exists(${sk})`;
        break;
    }
    if (s.negate) skText = `${kw('NOT')} ${skText}`;
    skText = wrap(skText, s.parenSk);
    text = s.skFirst ? `${skText} ${kw(s.joiner)} ${text}` : `${text} ${kw(s.joiner)} ${skText}`;
  }
  return { text: wrap(text, s.parenAll), names: p.names, values: p.values };
}

export function keyConditionCase(type: KeyType): fc.Arbitrary<KeyConditionCase> {
  return fc
    .record({
      sortKeys: fc.uniqueArray(SORT_DOMAINS[type], { maxLength: 12, selector: keyFor }),
      sort: fc.option(sortCondition(type), { freq: 8, nil: undefined }),
      shape,
      backward: fc.boolean(),
    })
    .map(({ sortKeys, sort, shape: s, backward }) => ({
      backward,
      sortKeys,
      item: undefined,
      expression: render(sort, s),
      otherPartition: s.otherPartition,
    }));
}

function partitionValue(target: CaseTarget, c: KeyConditionCase): AttributeValue {
  return { S: c.otherPartition ? `${target.key}-empty` : target.key };
}

function storedItems(target: CaseTarget, c: KeyConditionCase): Item[] {
  return c.sortKeys.map((sk) => ({ pk: { S: target.key }, sk }));
}

const sortKeyList = (items: Item[]) => `ok [${items.map((item) => canonicalItem({ sk: item.sk! })).join(', ')}]`;

/**
 * A sort-key value of the wrong type is caught against the table's key schema,
 * which the expression parser does not know (the engine checks it), so only
 * that disagreement is excused.
 */
export function excuseSchemaCheck(dynamo: Outcome): string | null {
  return dynamo.endsWith('Condition parameter type does not match schema type') ? 'needs the key schema' : null;
}

export async function keyConditionOnDynamo(target: CaseTarget, c: KeyConditionCase): Promise<Outcome> {
  await putAll(target.client, target.table, storedItems(target, c));
  try {
    const items = await queryAll(target.client, {
      TableName: target.table,
      KeyConditionExpression: c.expression.text,
      ScanIndexForward: !c.backward,
      ...attributeMaps(c.expression.names, { ...c.expression.values, [PARTITION_PLACEHOLDER]: partitionValue(target, c) }),
    });
    return sortKeyList(items);
  } catch (error) {
    if (error instanceof Error && '$metadata' in error) return `${error.name}: ${error.message}`;
    throw error;
  }
}

export function keyConditionOnCore(target: CaseTarget, c: KeyConditionCase): Outcome {
  try {
    const parsed = coreApi.parseRequestExpressions({
      KeyConditionExpression: c.expression.text,
      ...attributeMaps(c.expression.names, { ...c.expression.values, [PARTITION_PLACEHOLDER]: partitionValue(target, c) }),
    });
    if (parsed.keyCondition === undefined) return 'core parsed no key condition';
    const condition = parsed.keyCondition;
    coreApi.checkKeyCondition(condition, { partitionKey: 'pk', sortKey: 'sk' });
    const accepted = storedItems(target, c).filter((item) => coreApi.evaluateCondition(condition, item));
    accepted.sort((a, b) => compareScalars(a.sk!, b.sk!) ?? 0);
    if (c.backward) accepted.reverse();
    return sortKeyList(accepted);
  } catch (error) {
    if (isDynamoError(error)) return `${error.name}: ${error.message}`;
    return `core crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  }
}
