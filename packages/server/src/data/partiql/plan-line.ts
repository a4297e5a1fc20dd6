/**
 * A statement's plan in one line, as the command prints it and the workbench
 * shows it beside the statement: "Query on GSI1, 0.5 RCU", "GetItem, 0.5
 * RCU", "full Scan of 1,800 items, 23 RCU — add a key condition on PK".
 */
import type { StatementPlan } from '@dynotable/core';
import type { TableShape } from '../table-description.js';

const READ_BLOCK = 4096;

function units(value: number, kind: 'read' | 'write'): string {
  return `${Number(value.toFixed(2)).toLocaleString('en-US')} ${kind === 'read' ? 'RCU' : 'WCU'}`;
}

/** What a full read of the table bills, from its size as DynamoDB last reported it. */
function scanUnits(table: TableShape, consistentRead: boolean): number | undefined {
  if (table.sizeBytes === undefined) return undefined;
  const blocks = Math.max(1, Math.ceil(table.sizeBytes / READ_BLOCK));
  return consistentRead ? blocks : blocks / 2;
}

/** The plan's capacity: an estimate, or (after running) `consumedUnits`, what DynamoDB billed. */
export function planLine(plan: StatementPlan, table: TableShape, options: { consumedUnits?: number | undefined; consistentRead?: boolean | undefined } = {}): string {
  const on = plan.indexName !== undefined ? ` on ${plan.indexName}` : plan.operation === 'Query' ? ` on ${plan.tableName}` : '';
  const estimate = plan.operation === 'Scan' ? (scanUnits(table, options.consistentRead === true) ?? plan.capacity.units) : plan.capacity.units;
  const cost = units(options.consumedUnits ?? estimate, plan.capacity.kind);
  if (plan.operation !== 'Scan') {
    const several = plan.requests.length > 1 ? ` (${plan.requests.length} reads)` : '';
    return `${plan.operation}${on}${several}, ${cost}`;
  }
  const count = table.itemCount !== undefined ? ` of ${table.itemCount.toLocaleString('en-US')} items` : '';
  const what = plan.indexName !== undefined ? ` of ${plan.indexName}` : '';
  const advice = plan.scan !== undefined ? ` — ${lowerFirst(plan.scan.suggestion)}` : '';
  return `full Scan${what}${count}, ${cost}${advice}`;
}

function lowerFirst(text: string): string {
  return text.length === 0 ? text : text[0]!.toLowerCase() + text.slice(1);
}
