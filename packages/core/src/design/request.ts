/**
 * The exact request a plan makes for given arguments: GetItem with its Key, or
 * Query with its key condition (and any filter) printed by core's expression
 * printer, so placeholders are deterministic and reserved words are escaped.
 */
import type { CodegenRequest, CodegenParams } from '../request-code/request.js';
import type { Condition } from '../expressions/ast.js';
import { and, path, value } from '../expressions/builder.js';
import { printExpressions } from '../expressions/printer.js';
import { compileKeyTemplate } from '../keys/template.js';
import type { EntitySpec, KeyType, Model, PatternPlan } from '../model/types.js';
import type { AttributeValue } from '../values/types.js';
import { entityNamed, keyAttributeType, tableNamed } from './indexes.js';
import { prefixUpperBound } from '../keys/prefix-bound.js';

/**
 * What a plan reads for given arguments, as expressions: the Key of a GetItem,
 * or the key condition and the filter of a Query or Scan (for a person to read
 * and edit in the workbench's friendly syntax; requestForPlan prints them).
 */
export interface PlanRead {
  readonly operation: PatternPlan['operation'];
  readonly table: string;
  readonly index?: string;
  /** GetItem only. */
  readonly key?: Record<string, AttributeValue>;
  readonly keyCondition?: Condition;
  readonly filter?: Condition;
}

export function readForPlan(model: Model, plan: PatternPlan, args: Record<string, unknown>): PlanRead {
  const table = tableNamed(model, plan.table);
  if (table === undefined) throw new Error(`the model has no table ${plan.table}`);
  const entity = entityNamed(model, plan.entity);
  // Only the plan's own parameters reach the templates, so a key prefix stops where the plan says.
  const supplied: Record<string, unknown> = {};
  for (const name of plan.parameters) if (args[name] !== undefined) supplied[name] = args[name];
  const keyValue = (attribute: string, text: string) => keyAttributeValue(text, keyAttributeType(table, attribute));
  const where = { operation: plan.operation, table: table.name, ...(plan.index !== undefined ? { index: plan.index } : {}) };

  if (plan.operation === 'GetItem') {
    const key: Record<string, AttributeValue> = {};
    key[plan.partition!.attribute] = keyValue(plan.partition!.attribute, compileKeyTemplate(plan.partition!.template).format(supplied));
    if (plan.sort) key[plan.sort.attribute] = keyValue(plan.sort.attribute, compileKeyTemplate(plan.sort.template).format(supplied));
    return { ...where, key };
  }

  const filters = (plan.filter ?? []).map((c) => path(c.attribute).eq(value(typedValue(entity, c.attribute, c.value))));
  if (plan.operation === 'Scan') {
    filters.push(...parameterFilters(entity, plan, args));
    return { ...where, ...(filters.length > 0 ? { filter: and(...filters) } : {}) };
  }

  // Every partition attribute with `=`, then the leading sort attributes with `=` (multi-attribute GSI keys).
  const equalities = [...(plan.partitionKeys ?? [plan.partition!]), ...(plan.sortEquals ?? [])];
  const conditions: Condition[] = equalities.map((part) =>
    path(part.attribute).eq(value(keyValue(part.attribute, compileKeyTemplate(part.template).format(supplied)))),
  );
  const sort = plan.sort;
  if (sort) {
    const template = compileKeyTemplate(sort.template);
    const sortValue = (text: string) => value(keyValue(sort.attribute, text));
    if (sort.operator === 'equals') conditions.push(path(sort.attribute).eq(sortValue(template.format(supplied))));
    if (sort.operator === 'beginsWith') conditions.push(path(sort.attribute).beginsWith(sortValue(template.prefix(supplied))));
    if (sort.operator === 'between') {
      const range = sort.rangeAttribute;
      const low = { ...supplied, [range]: args[`${range}From`] };
      const high = { ...supplied, [range]: args[`${range}To`] };
      if (low[range] === undefined || high[range] === undefined) throw new Error(`the plan needs ${range}From and ${range}To`);
      conditions.push(path(sort.attribute).between(sortValue(template.prefix(low)), sortValue(upperBound(template, high))));
    }
  }
  return { ...where, keyCondition: and(...conditions), ...(filters.length > 0 ? { filter: and(...filters) } : {}) };
}

export function requestForPlan(model: Model, plan: PatternPlan, args: Record<string, unknown>): CodegenRequest {
  const read = readForPlan(model, plan, args);
  if (read.operation === 'GetItem') {
    return { operation: 'GetItem', params: { TableName: read.table, Key: read.key!, ...(plan.consistentRead ? { ConsistentRead: true } : {}) } };
  }
  if (read.operation === 'Scan') {
    const printed = printExpressions(read.filter !== undefined ? { filter: read.filter } : {});
    return { operation: 'Scan', params: { TableName: read.table, ...printed } };
  }
  const printed = printExpressions({ keyCondition: read.keyCondition!, ...(read.filter !== undefined ? { filter: read.filter } : {}) });
  const params: CodegenParams = {
    TableName: read.table,
    ...(read.index !== undefined ? { IndexName: read.index } : {}),
    ...printed,
    ...(plan.scanIndexForward === false ? { ScanIndexForward: false } : {}),
    ...(plan.consistentRead ? { ConsistentRead: true } : {}),
    ...(plan.limit !== undefined ? { Limit: plan.limit } : {}),
  };
  return { operation: 'Query', params };
}

/**
 * The upper bound of a range on one sort key field. When fields follow the
 * range field (`EVT#{at:iso}#{eventId}`), the key built with the range end
 * stops before them (`EVT#…23:59:59Z#`), and every item at that end time
 * (`EVT#…23:59:59Z#abc`) sorts after it. Appending the highest character puts
 * them inside: DynamoDB compares UTF-8 bytes, and U+10FFFF's bytes sort after
 * every other character's. Only a following value that itself starts with
 * U+10FFFF could pass it.
 */
function upperBound(template: ReturnType<typeof compileKeyTemplate>, values: Record<string, unknown>): string {
  const complete = template.fields.every((field) => values[field] !== undefined && values[field] !== null);
  return complete ? template.format(values) : prefixUpperBound(template.prefix(values));
}

function keyAttributeValue(text: string, type: KeyType): AttributeValue {
  if (type === 'N') return { N: text };
  if (type === 'B') return { B: new TextEncoder().encode(text) };
  return { S: text };
}

/** A constant or argument as the attribute's stored type. */
function typedValue(entity: EntitySpec | undefined, attribute: string, raw: unknown): AttributeValue {
  const spec = entity?.attributes.find((a) => a.name === attribute);
  const text = String(raw);
  if (spec?.type === 'number' && spec.format !== 'string') return { N: text };
  if (spec?.type === 'boolean') return { BOOL: text === 'true' };
  if (spec?.type === 'timestamp' && (spec.format === 'epoch-seconds' || spec.format === 'epoch-millis')) return { N: text };
  return { S: text };
}

/** A Scan filters on the caller's equalities and range too. */
function parameterFilters(entity: EntitySpec | undefined, plan: PatternPlan, args: Record<string, unknown>): Condition[] {
  const conditions: Condition[] = [];
  for (const name of plan.parameters) {
    const range = /^(.+)From$/.exec(name)?.[1];
    if (range !== undefined && plan.parameters.includes(`${range}To`)) {
      const low = typedValue(entity, range, args[name]);
      const high = typedValue(entity, range, args[`${range}To`]);
      conditions.push(path(range).between(value(low), value(high)));
    } else if (!/To$/.test(name) || !plan.parameters.includes(`${name.slice(0, -2)}From`)) {
      if (args[name] !== undefined) conditions.push(path(name).eq(value(typedValue(entity, name, args[name]))));
    }
  }
  return conditions;
}
