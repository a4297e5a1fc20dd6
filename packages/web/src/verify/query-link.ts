/**
 * An access pattern opened in the live query panel: the workbench URL of a
 * table (`/c/<connection>/t/<table>?panes=…`) with one pane holding the
 * pattern's query — its index, the partition key value, the sort key operator
 * and bounds, the direction and the limit — built by core's requestForPlan
 * from the arguments a verify run used, exactly as verify sent it. On a
 * multi-attribute GSI the pane opens with the whole key condition as text.
 */
import { encodeBase64, parseCondition, printFriendly, requestForPlan, type AttributeValue, type Condition, type Model, type PatternPlan } from '@dynotable/core';
import { routePath } from '../app/router.js';
import { encodePanes, PANES_PARAM } from '../workbench/pane-url.js';
import { DEFAULT_QUERY_STATE, type QueryState, type SortOperator } from '../workbench/query-state.js';

const SORT_OPERATORS: Record<NonNullable<PatternPlan['sort']>['operator'], SortOperator> = {
  equals: '=',
  beginsWith: 'begins_with',
  between: 'BETWEEN',
};

/** A key value as the query panel's fields take it: text and numbers as they are, binary in base64. */
function keyText(value: AttributeValue | undefined): string {
  if (value === undefined) return '';
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return encodeBase64(value.B);
  return '';
}

/** The key condition's values in the order they appear: the partition value first, then the sort bounds. */
function valuesInOrder(expression: string, values: Readonly<Record<string, AttributeValue>>): AttributeValue[] {
  return [...expression.matchAll(/:[A-Za-z0-9_]+/g)].map((match) => values[match[0]]).filter((value): value is AttributeValue => value !== undefined);
}

/** The key values of the pattern's request with these arguments, or undefined when they do not build one. */
function keyValues(model: Model, plan: PatternPlan, args: Readonly<Record<string, unknown>>): AttributeValue[] | undefined {
  try {
    const { params } = requestForPlan(model, plan, { ...args });
    if (params.Key !== undefined) {
      const sort = plan.sort !== undefined ? params.Key[plan.sort.attribute] : undefined;
      const partition = params.Key[plan.partition!.attribute];
      return [partition, sort].filter((value): value is AttributeValue => value !== undefined);
    }
    return valuesInOrder(params.KeyConditionExpression ?? '', params.ExpressionAttributeValues ?? {});
  } catch {
    // Arguments that no longer fit the model (it changed since the run): the pane opens with the index only.
    return undefined;
  }
}

function conditionCount(condition: Condition): number {
  return condition.kind === 'and' ? conditionCount(condition.left) + conditionCount(condition.right) : 1;
}

/**
 * The key condition of the pattern's Query when it is on a multi-attribute
 * GSI (more than a partition and a sort condition), as friendly text: the
 * panel opens it as typed text, which "Use fields" spreads over the fields.
 */
function multiAttributeKeyText(model: Model, plan: PatternPlan, args: Readonly<Record<string, unknown>>): string | undefined {
  try {
    const { params } = requestForPlan(model, plan, { ...args });
    if (params.KeyConditionExpression === undefined) return undefined;
    const condition = parseCondition(params.KeyConditionExpression, 'KeyConditionExpression', { names: params.ExpressionAttributeNames ?? {}, values: params.ExpressionAttributeValues ?? {} });
    return conditionCount(condition) > 2 ? printFriendly('key', condition) : undefined;
  } catch {
    return undefined;
  }
}

/** The query panel's state for a pattern with a run's arguments; without arguments, the fields are left to fill. */
export function patternQueryState(model: Model, plan: PatternPlan, args: Readonly<Record<string, unknown>> | undefined): QueryState {
  const base: QueryState = {
    ...DEFAULT_QUERY_STATE,
    mode: 'query',
    indexName: plan.index,
    forward: plan.scanIndexForward !== false,
    // No Limit unless the question asks for a top N: the panel shows the whole answer, as verify compared it.
    limit: plan.limit !== undefined ? String(plan.limit) : '',
    consistentRead: plan.consistentRead === true,
  };
  const multiAttributeKey = args === undefined ? undefined : multiAttributeKeyText(model, plan, args);
  if (multiAttributeKey !== undefined) return { ...base, keyMode: 'text', keyText: multiAttributeKey };
  const values = args === undefined ? undefined : keyValues(model, plan, args);
  if (values === undefined || values.length === 0) return base;
  const [partition, low, high] = values;
  const sort = plan.sort;
  if (sort === undefined || low === undefined) return { ...base, partitionValue: keyText(partition) };
  return {
    ...base,
    partitionValue: keyText(partition),
    sortOperator: SORT_OPERATORS[sort.operator],
    sortValue: keyText(low),
    sortValue2: sort.operator === 'between' ? keyText(high) : '',
  };
}

/** The workbench URL of `table` on `connectionId`, with the pane in its query string. */
export function queryPanelPath(connectionId: string, table: string, state: QueryState): string {
  const params = new URLSearchParams();
  params.set(PANES_PARAM, encodePanes([state]));
  return `${routePath({ view: 'table', connectionId, table })}?${params.toString()}`;
}

/** The table a kept verify run left for the model's table: the temporary tables follow the model's table order. */
export function keptTableName(model: Model, reportTables: readonly string[], modelTable: string): string | undefined {
  const index = model.tables.findIndex((table) => table.name === modelTable);
  return index === -1 ? undefined : reportTables[index];
}
