/**
 * Checks that need the table's (or index's) key names: what a Query's key
 * condition may say, and which attributes updates and Query filters may touch.
 */
import { DynamoError } from '../errors.js';
import { MAX_GSI_KEY_ATTRIBUTES } from '../rules/limits.js';
import type { AttributeValue, KeyType } from '../values/types.js';
import { typeOf } from '../values/types.js';
import type { Condition, Operand, PathNode, UpdateNode } from './ast.js';
import { checkMultiAttributeParts, isMultiAttribute, keySchemaAttributeNames, type KeyPart } from './multi-attribute-keys.js';

export interface KeySchemaNames {
  partitionKey: string;
  sortKey?: string | undefined;
  /** When given, key values must have these types. */
  partitionKeyType?: KeyType | undefined;
  sortKeyType?: KeyType | undefined;
  /** A GSI key of several attributes: every partition (HASH) attribute in key order, `partitionKey` first. */
  partitionKeys?: readonly { name: string; type?: KeyType | undefined }[] | undefined;
  /** A GSI key of several attributes: every sort (RANGE) attribute in key order, `sortKey` first. */
  sortKeys?: readonly { name: string; type?: KeyType | undefined }[] | undefined;
  /** The index queried, which multi-attribute key messages name. */
  indexName?: string | undefined;
}

export type SortKeyOperator = '=' | '<' | '<=' | '>' | '>=' | 'BETWEEN' | 'begins_with';

/** A key condition reduced to what a Query needs. */
export interface KeyCondition {
  partitionKey: { name: string; value: AttributeValue };
  sortKey?: { name: string; operator: SortKeyOperator; values: AttributeValue[] };
  /** Multi-attribute keys: every partition attribute's value, in key order (`partitionKey` is the first). */
  partitionKeys?: { name: string; value: AttributeValue }[];
  /** Multi-attribute keys: the equalities on the sort attributes before `sortKey`, in key order. */
  sortPrefix?: { name: string; value: AttributeValue }[];
}

const MIRRORED: Record<string, SortKeyOperator> = { '=': '=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

function fail(message: string): never {
  throw new DynamoError('ValidationException', message);
}

/**
 * Validates a parsed KeyConditionExpression, in DynamoDB Local's order:
 * operators, each condition's shape, one condition per key, at most two
 * conditions, only key attributes with the partition key present, partition
 * key by equality, and (when types are given) value types.
 *
 * Without a key schema (the CLI, the expression builder before a table is
 * chosen) every check that needs no key names is made all the same, with
 * DynamoDB's messages: no OR, NOT, IN, `<>` or function other than
 * begins_with, no nested operations or paths, one condition per attribute,
 * at most eight conditions (a multi-attribute GSI's four partition and four
 * sort attributes), and one of them an equality (a partition key's).
 */
export function checkKeyCondition(condition: Condition, keySchema: KeySchemaNames): KeyCondition;
export function checkKeyCondition(condition: Condition, keySchema?: KeySchemaNames): KeyCondition | undefined;
export function checkKeyCondition(condition: Condition, keySchema?: KeySchemaNames): KeyCondition | undefined {
  // One walk over the AND tree, left to right (with a stack of its own: no
  // recursion), checking each condition's operator and shape, and no second
  // condition on the same key.
  const parts: KeyPart[] = [];
  const pending: Condition[] = [condition];
  while (pending.length > 0) {
    const c = pending.pop()!;
    if (c.kind === 'and') {
      pending.push(c.right, c.left);
      continue;
    }
    checkOperator(c);
    const part = keyPart(c, keySchema);
    if (parts.some((seen) => seen.name === part.name)) fail('KeyConditionExpressions must only contain one condition per key');
    parts.push(part);
  }
  if (keySchema !== undefined && isMultiAttribute(keySchema)) return checkMultiAttributeParts(parts, keySchema);
  // Without a schema the key may be a multi-attribute GSI's: up to four partition and four sort attributes.
  const most = keySchema === undefined ? 2 * MAX_GSI_KEY_ATTRIBUTES : 2;
  if (parts.length > most) fail('Conditions can be of length 1 or 2 only');
  if (keySchema === undefined) {
    // The partition key's condition must be an equality, whichever it is.
    if (!parts.some((part) => part.operator === '=')) fail('Query key condition not supported');
    for (const part of parts) checkNotEmpty(part);
    return undefined;
  }
  const partition = parts.find((part) => part.name === keySchema.partitionKey);
  if (!partition) fail(`Query condition missed key schema element: ${keySchema.partitionKey}`);
  const sort = parts.find((part) => part !== partition);
  if (sort && sort.name !== keySchema.sortKey) {
    fail(`Query condition missed key schema element: ${keySchema.sortKey ?? keySchema.partitionKey}`);
  }
  if (partition.operator !== '=') fail('Query key condition not supported');
  checkTypes(partition.values, keySchema.partitionKeyType);
  if (sort) checkTypes(sort.values, keySchema.sortKeyType);
  for (const part of sort ? [partition, sort] : [partition]) checkNotEmpty(part);
  if (!sort) return { partitionKey: { name: partition.name, value: partition.values[0]! } };
  return { partitionKey: { name: partition.name, value: partition.values[0]! }, sortKey: sort };
}

/** Key values may not be empty strings or empty binaries. */
function checkNotEmpty(part: KeyPart): void {
  for (const value of part.values) {
    if (('S' in value && value.S === '') || ('B' in value && value.B.length === 0)) {
      const what = 'S' in value ? 'string' : 'binary';
      fail(
        `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${what} value. Key: ${part.name}`,
      );
    }
  }
}

function checkTypes(values: AttributeValue[], type: KeyType | undefined): void {
  if (type === undefined) return;
  if (values.some((v) => typeOf(v) !== type)) {
    fail('One or more parameter values were invalid: Condition parameter type does not match schema type');
  }
}

/** Only comparisons (not `<>`), BETWEEN and begins_with may stand in a key condition. */
function checkOperator(c: Condition): void {
  if (c.kind === 'or') fail('Invalid operator used in KeyConditionExpression: OR');
  if (c.kind === 'not') fail('Invalid operator used in KeyConditionExpression: NOT');
  if (c.kind === 'in') fail('Invalid operator used in KeyConditionExpression: IN');
  if (c.kind === 'compare' && c.operator === '<>') fail('Invalid operator used in KeyConditionExpression: <>');
  if (c.kind === 'call' && c.name !== 'begins_with') fail(`Invalid operator used in KeyConditionExpression: ${c.name}`);
}

function keyPart(c: Condition, keySchema: KeySchemaNames | undefined): KeyPart {
  if (c.kind === 'compare') {
    if (c.left.kind === 'call' || c.right.kind === 'call') fail('KeyConditionExpressions cannot contain nested operations');
    if (c.left.kind === 'path' && c.right.kind === 'path') {
      fail('Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition');
    }
    if (c.left.kind === 'path' && c.right.kind === 'value') {
      return { name: keyName(c.left, keySchema), operator: c.operator as SortKeyOperator, values: [c.right.value] };
    }
    if (c.left.kind === 'value' && c.right.kind === 'path') {
      return { name: keyName(c.right, keySchema), operator: MIRRORED[c.operator]!, values: [c.left.value] };
    }
    return fail('Invalid condition in KeyConditionExpression: No key attribute specified');
  }
  if (c.kind === 'between') {
    const operands = [c.operand, c.low, c.high];
    if (operands.some((o) => o.kind === 'call')) fail('KeyConditionExpressions cannot contain nested operations');
    if (c.operand.kind !== 'path') {
      fail('Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand');
    }
    if (c.low.kind !== 'value' || c.high.kind !== 'value') return multipleOrUnsupported(operands);
    return { name: keyName(c.operand, keySchema), operator: 'BETWEEN', values: [c.low.value, c.high.value] };
  }
  if (c.kind === 'call') {
    const [target, prefix] = c.args as [Operand, Operand];
    if (c.args.some((o) => o.kind === 'call')) fail('KeyConditionExpressions cannot contain nested operations');
    if (target.kind !== 'path') {
      fail('Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand');
    }
    if (prefix.kind !== 'value') return multipleOrUnsupported(c.args);
    return { name: keyName(target, keySchema), operator: 'begins_with', values: [prefix.value] };
  }
  return fail('Query key condition not supported');
}

function multipleOrUnsupported(operands: Operand[]): never {
  const paths = operands.filter((o) => o.kind === 'path').length;
  if (paths > 1) fail('Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition');
  if (paths === 0) fail('Invalid condition in KeyConditionExpression: No key attribute specified');
  return fail('Query key condition not supported');
}

/** The top-level name of a key path; key attributes cannot be dereferenced. */
function keyName(path: PathNode, keySchema: KeySchemaNames | undefined): string {
  const first = path.elements[0];
  const name = first?.type === 'name' ? first.name : '';
  if (path.elements.length > 1) {
    if (keySchema !== undefined && isMultiAttribute(keySchema) && keySchemaAttributeNames(keySchema).includes(name)) {
      fail(`Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: ${name}`);
    }
    if (keySchema !== undefined && (name === keySchema.partitionKey || name === keySchema.sortKey)) {
      fail(`Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: ${name}`);
    }
    fail('KeyConditionExpressions cannot have conditions on nested attributes');
  }
  return name;
}

function topName(path: PathNode): string {
  const first = path.elements[0];
  return first?.type === 'name' ? first.name : '';
}

/** An update may not SET, REMOVE, ADD or DELETE a key attribute. */
export function checkUpdateDoesNotTouchKeys(update: UpdateNode, keyNames: readonly string[]): void {
  const targets = [
    ...update.set.map((s) => s.path),
    ...update.remove,
    ...update.add.map((x) => x.path),
    ...update.delete.map((x) => x.path),
  ];
  for (const path of targets) {
    const name = topName(path);
    if (keyNames.includes(name)) {
      fail(`One or more parameter values were invalid: Cannot update attribute ${name}. This attribute is part of the key`);
    }
  }
}

/** A Query's FilterExpression may not mention the table's key attributes. */
export function checkFilterAvoidsKeys(filter: Condition, keyNames: readonly string[]): void {
  const visit = (o: Operand): void => {
    if (o.kind === 'path') {
      const name = topName(o);
      if (keyNames.includes(name) && o.elements.length > 1) {
        fail(`Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: ${name}`);
      }
      if (keyNames.includes(name)) fail(`Filter Expression can only contain non-primary key attributes: Primary key attribute: ${name}`);
    } else if (o.kind === 'call') o.args.forEach(visit);
    else if (o.kind === 'arithmetic') {
      visit(o.left);
      visit(o.right);
    }
  };
  const walk = (c: Condition): void => {
    switch (c.kind) {
      case 'and':
      case 'or':
        walk(c.left);
        walk(c.right);
        return;
      case 'not':
        walk(c.operand);
        return;
      case 'compare':
        visit(c.left);
        visit(c.right);
        return;
      case 'between':
        [c.operand, c.low, c.high].forEach(visit);
        return;
      case 'in':
        [c.operand, ...c.list].forEach(visit);
        return;
      case 'call':
        visit(c);
    }
  };
  walk(filter);
}
