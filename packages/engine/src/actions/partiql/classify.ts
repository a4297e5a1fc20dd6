/** Which statements read and which write: the batch and transaction forms refuse to mix them. */
import { parseStatement, type StatementPlan } from '@dynotable/core';
import type { EngineContext } from '../../context.js';
import { encodePosition } from '../../items/keys.js';
import { requireTable } from '../../tables/lookup.js';

export function isReadPlan(plan: StatementPlan): boolean {
  return plan.operation === 'GetItem' || plan.operation === 'Query' || plan.operation === 'Scan';
}

/** Whether the text is a SELECT; undefined when it does not parse. */
export function isSelectText(text: unknown): boolean | undefined {
  try {
    return parseStatement(String(text)).kind === 'select';
  } catch {
    return undefined;
  }
}

/** The item a single-item plan names, as text: two statements on one item are refused. */
export function itemIdentity(context: EngineContext, plan: StatementPlan): string {
  const position = encodePosition(requireTable(context, plan.tableName).keys, plan.request.Key ?? plan.request.Item ?? {});
  return JSON.stringify([plan.tableName, position.partition, position.sort]);
}
