/**
 * SELECT -> GetItem, Query (on the table or an index) or Scan, as DynamoDB
 * chooses: equality on the whole primary key reads one item; equality on the
 * partition key (plus conditions on the sort key) is a Query; anything else
 * reads the whole table or index, and the plan says why and what key
 * condition would avoid it.
 */
import type { Condition, ParsedExpressions } from '../expressions/index.js';
import { printExpressions } from '../expressions/printer.js';
import type { AttributeValue, Item } from '../values/types.js';
import type { SelectStatement } from './ast.js';
import { checkPlannedRequest } from './check-request.js';
import { checkKeyValue, conditionValues, conjuncts, equalityValue, inValues, isSortKeyCondition, joinAnd } from './key-conditions.js';
import { partiqlError, partiqlMessages } from './messages.js';
import { DEFAULT_ITEM_SIZE_BYTES, estimateCapacity } from './plan-capacity.js';
import type { PlannedOperation, PlannedRequest, PlanOptions, ScanExplanation, StatementPlan } from './plan-types.js';
import { readTarget, type PartiqlTableDescription, type ReadTarget } from './schema.js';
import { toCondition } from './to-expressions.js';

export function planSelect(statement: SelectStatement, table: PartiqlTableDescription, options: PlanOptions, text: string): StatementPlan {
  const parameters = options.parameters ?? [];
  const target = readTarget(table, statement.target.index);
  const where = statement.where ? toCondition(statement.where, parameters, text) : undefined;
  const projection = statement.projection === '*' ? undefined : { kind: 'projection' as const, paths: statement.projection };
  // DynamoDB checks the expressions before it looks at the keys.
  checkPlannedRequest({ TableName: target.tableName, ...printExpressions(defined({ filter: where, projection })) });
  const keyed = splitKey(conjuncts(where), target);
  // ORDER BY needs a condition on the partition key at the top level, whichever; DynamoDB refuses it before it looks at what it names.
  if (statement.orderBy !== undefined && !conjuncts(where).some((c) => namesIn(c).some((n) => target.partitionKeys.some((k) => k.name === n)))) {
    throw partiqlError(partiqlMessages.orderByNeedsPartition);
  }
  const forward = checkOrderBy(statement, target);
  const sortBy = statement.orderBy?.map((o) => ({ name: (o.path.elements[0] as { name: string }).name, descending: o.direction === 'DESC' }));
  const consistent = options.consistentRead === true;
  const size = options.itemSizeBytes ?? DEFAULT_ITEM_SIZE_BYTES;
  const base: PlannedRequest = { TableName: target.tableName };
  if (target.indexName !== undefined) base.IndexName = target.indexName;
  if (consistent) base.ConsistentRead = true;

  if (keyed === undefined) {
    // Sorted after the read, on keys the projection may drop: project afterwards.
    const late = sortBy !== undefined && projection !== undefined;
    const request: PlannedRequest = { ...base, ...printExpressions(defined({ filter: where, projection: late ? undefined : projection })) };
    return {
      statement,
      tableName: target.tableName,
      indexName: target.indexName,
      operation: 'Scan',
      request,
      requests: [checked(request)],
      capacity: estimateCapacity('Scan', size, consistent, 1),
      scan: explainScan(where, target, table),
      afterRead: late ? { projection } : undefined,
      sortAfterRead: sortBy,
    };
  }
  // A Query's filter may not name a key attribute: such conditions are applied after the read.
  const keyNames = new Set([...target.partitionKeys, ...target.sortKeys, ...target.tableKeys].map((k) => k.name));
  const onKeys = keyed.rest.filter((c) => namesIn(c).some((name) => keyNames.has(name)));
  const filter = joinAnd(keyed.rest.filter((c) => !onKeys.includes(c)));
  const sortAfterRead = keyed.partitionValues.length > 1 ? sortBy : undefined;
  const late = onKeys.length > 0 || (sortAfterRead !== undefined && projection !== undefined);
  const afterRead = late ? { filter: joinAnd(onKeys), projection } : undefined;
  const readProjection = late ? undefined : projection;
  const isGet = target.indexName === undefined && filter === undefined && afterRead === undefined && keyed.sort.length === target.sortKeys.length && keyed.sortFixed;
  const operation: PlannedOperation = isGet ? 'GetItem' : 'Query';
  const requests = keyed.partitionValues.map((values): PlannedRequest => {
    const equalities = target.partitionKeys.map((key, i): Condition => equality(key.name, values[i]!));
    if (isGet) {
      const key: Item = {};
      for (const [i, k] of target.partitionKeys.entries()) key[k.name] = values[i]!;
      for (const c of keyed.sort) {
        const [name, value] = sortEquality(c, target);
        key[name] = value;
      }
      return { ...base, Key: key, ...printExpressions(defined({ projection })) };
    }
    const keyCondition = joinAnd([...equalities, ...keyed.sort]);
    const request: PlannedRequest = { ...base, ...printExpressions(defined({ keyCondition, filter, projection: readProjection })) };
    if (!forward) request.ScanIndexForward = false;
    return request;
  });
  return {
    statement,
    tableName: target.tableName,
    indexName: target.indexName,
    operation,
    request: requests[0]!,
    requests: requests.map(checked),
    capacity: estimateCapacity(operation, size, consistent, requests.length),
    afterRead,
    sortAfterRead,
  };
}

/** The top-level attribute names a condition reads. */
function namesIn(c: Condition): string[] {
  const names: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      const o = node as { kind?: string; elements?: { type: string; name?: string }[] };
      if (o.kind === 'path' && o.elements?.[0]?.type === 'name') names.push(o.elements[0].name!);
      else if (o.kind !== 'value') Object.values(node).forEach(visit);
    }
  };
  visit(c);
  return names;
}

function checked(request: PlannedRequest): PlannedRequest {
  checkPlannedRequest(request);
  return request;
}

function defined(parts: ParsedExpressions): ParsedExpressions {
  const out: ParsedExpressions = {};
  for (const [key, value] of Object.entries(parts)) if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  return out;
}

function sameValue(a: AttributeValue, b: AttributeValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function equality(name: string, value: AttributeValue): Condition {
  return { kind: 'compare', operator: '=', left: { kind: 'path', elements: [{ type: 'name', name }] }, right: { kind: 'value', value } };
}

function sortEquality(c: Condition, target: ReadTarget): [string, AttributeValue] {
  for (const key of target.sortKeys) {
    const value = equalityValue(c, key.name);
    if (value !== undefined) return [key.name, value];
  }
  throw new Error('a sort condition of a GetItem is an equality');
}

interface KeyedWhere {
  /** One list of partition-key values per request (several for `pk IN (…)`). */
  partitionValues: AttributeValue[][];
  sort: Condition[];
  /** True when every sort condition taken is an equality. */
  sortFixed: boolean;
  rest: Condition[];
}

/** The WHERE clause's key conditions and the rest, or undefined when it fixes no partition. */
function splitKey(list: Condition[], target: ReadTarget): KeyedWhere | undefined {
  const rest = [...list];
  const take = (index: number) => rest.splice(index, 1)[0]!;
  // `sk = 1 AND sk = 1` fixes sk once: the repeat is no condition of its own (DynamoDB still reads one item).
  const dropRepeats = (name: string, value: AttributeValue) => {
    for (let i = rest.length - 1; i >= 0; i--) {
      const again = equalityValue(rest[i]!, name);
      if (again !== undefined && sameValue(again, value)) rest.splice(i, 1);
    }
  };
  const fixed: AttributeValue[][] = [];
  for (const [position, key] of target.partitionKeys.entries()) {
    const eq = rest.findIndex((c) => equalityValue(c, key.name) !== undefined);
    if (eq >= 0) {
      const value = equalityValue(take(eq), key.name)!;
      checkKeyValue(key, value);
      dropRepeats(key.name, value);
      fixed.push([value]);
      continue;
    }
    const inIndex = position === 0 ? rest.findIndex((c) => inValues(c, key.name) !== undefined) : -1;
    if (inIndex < 0) return undefined;
    const values = inValues(take(inIndex), key.name)!;
    values.forEach((v) => checkKeyValue(key, v));
    fixed.push(values);
  }
  const partitionValues = (fixed[0] ?? []).map((first) => [first, ...fixed.slice(1).map((values) => values[0]!)]);
  const sort: Condition[] = [];
  let sortFixed = true;
  for (const key of target.sortKeys) {
    const eq = rest.findIndex((c) => equalityValue(c, key.name) !== undefined);
    if (eq >= 0) {
      const c = take(eq);
      const value = equalityValue(c, key.name)!;
      checkKeyValue(key, value);
      dropRepeats(key.name, value);
      sort.push(c);
      continue;
    }
    const range = rest.findIndex((c) => isSortKeyCondition(c, key.name));
    if (range >= 0) {
      const c = take(range);
      conditionValues(c).forEach((v) => checkKeyValue(key, v));
      sort.push(c);
      sortFixed = false;
    }
    break;
  }
  return { partitionValues, sort, sortFixed, rest };
}

/** ORDER BY may name only key attributes; DESC on the sort key reads backwards. Returns ScanIndexForward. */
function checkOrderBy(statement: SelectStatement, target: ReadTarget): boolean {
  let forward = true;
  const keys = [...target.partitionKeys, ...target.sortKeys, ...target.tableKeys].map((k) => k.name);
  for (const item of statement.orderBy ?? []) {
    const first = item.path.elements[0]!;
    const name = first.type === 'name' ? first.name : '';
    if (item.path.elements.length > 1 || !keys.includes(name)) throw partiqlError(partiqlMessages.orderByKey(name));
    if (item.direction === 'DESC' && target.sortKeys.some((k) => k.name === name)) forward = false;
  }
  return forward;
}

function explainScan(where: Condition | undefined, target: ReadTarget, table: PartiqlTableDescription): ScanExplanation {
  const keyNames = target.partitionKeys.map((k) => k.name);
  const on = target.indexName === undefined ? `table ${target.tableName}` : `index ${target.indexName} of ${target.tableName}`;
  const wanted = keyNames.join(', ');
  const reason =
    where === undefined
      ? `The statement has no WHERE clause, so it reads every item of the ${on}.`
      : where.kind === 'or'
        ? `The WHERE clause is an OR at the top, so no single partition key value is fixed: it reads every item of the ${on}.`
        : `The WHERE clause has no equality on the partition key ${wanted}, so it reads every item of the ${on}.`;
  const equalityNames = new Set(conjuncts(where).flatMap((c) => (c.kind === 'compare' && c.operator === '=' ? namesOf(c) : [])));
  const indexes = [...(table.GlobalSecondaryIndexes ?? []), ...(table.LocalSecondaryIndexes ?? [])]
    .filter((index) => index.IndexName !== target.indexName)
    .filter((index) => index.KeySchema.filter((e) => e.KeyType === 'HASH').every((e) => equalityNames.has(e.AttributeName)))
    .map((index) => index.IndexName);
  const fix = keyNames.map((name) => `${name} = ?`).join(' AND ');
  const viaIndex = indexes.length > 0 ? `, or read an index the WHERE clause already keys: ${indexes.map((i) => `FROM "${target.tableName}"."${i}"`).join(', ')}` : '';
  return { reason, keyNames, suggestion: `Add a key condition on ${wanted} (WHERE ${fix})${viaIndex}.`, indexes };
}

function namesOf(c: Condition): string[] {
  if (c.kind !== 'compare') return [];
  return [c.left, c.right].flatMap((o) => (o.kind === 'path' && o.elements.length === 1 && o.elements[0]!.type === 'name' ? [o.elements[0]!.name] : []));
}
