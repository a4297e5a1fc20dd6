/**
 * Runs a PartiQL statement on any connection as its core plan's requests
 * (docs/partiql.md): reads through Query, GetItem or Scan, writes through
 * PutItem, UpdateItem or DeleteItem with the item before and after, which
 * the caller journals. The same on DynamoDB, DynamoDB Local and the
 * embedded engine, whether or not it speaks PartiQL itself.
 */
import { attributeValueFromWire, generateStatementCode, parseStatement, planStatement, statementTableName, type Statement, type StatementPlan } from '@dynotable/core';
import { ConsumedTally } from '../consumed.js';
import { requestView } from '../request-view.js';
import type { TableShape } from '../table-description.js';
import type { WireSend } from '../../transfer/wire-send.js';
import { planLine } from './plan-line.js';
import { partiqlTable } from './statement-table.js';
import { runReads } from './statement-reads.js';
import type { StatementInput, StatementPlanView, StatementResult } from './statement-shapes.js';
import { runWrite } from './statement-writes.js';

export interface StatementTarget {
  readonly send: WireSend;
  readonly table: (name: string) => Promise<TableShape>;
}

export interface PlannedStatement {
  readonly plan: StatementPlan;
  readonly table: TableShape;
  readonly view: StatementPlanView;
}

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem']);

function isWritePlan(plan: StatementPlan): boolean {
  return WRITES.has(plan.operation);
}

/** The statement's plan, sending nothing but a DescribeTable (a parse error is DynamoDB's ValidationException). */
export async function planFor(target: StatementTarget, input: StatementInput): Promise<PlannedStatement> {
  const statement: Statement = parseStatement(input.statement);
  const table = await target.table(statementTableName(statement));
  const parameters = (input.parameters ?? []).map((value) => attributeValueFromWire(value));
  const plan = planStatement(statement, partiqlTable(table), { parameters, consistentRead: input.consistentRead === true });
  const request = { statement: input.statement, parameters, consistentRead: input.consistentRead === true };
  const statementCode = {
    typescript: generateStatementCode(request, 'typescript'),
    python: generateStatementCode(request, 'python'),
    'aws-cli': generateStatementCode(request, 'aws-cli'),
  };
  return { plan, table, view: viewOf(plan, table, statementCode, input.consistentRead === true) };
}

function viewOf(plan: StatementPlan, table: TableShape, statementCode: StatementPlanView['statementCode'], consistentRead: boolean, consumedUnits?: number): StatementPlanView {
  return {
    statementCode,
    operation: plan.operation,
    tableName: plan.tableName,
    ...(plan.indexName !== undefined ? { indexName: plan.indexName } : {}),
    write: isWritePlan(plan),
    line: planLine(plan, table, { consumedUnits, consistentRead }),
    capacity: plan.capacity,
    ...(plan.scan !== undefined ? { scan: plan.scan } : {}),
    afterRead: plan.afterRead?.filter !== undefined || plan.afterRead?.projection !== undefined || (plan.sortAfterRead?.length ?? 0) > 0,
    requests: plan.requests.map((request) => requestView(plan.operation, request)),
  };
}

/** Runs a planned statement; `planned` from planFor (the caller may refuse a write in between). */
export async function runPlanned(target: StatementTarget, planned: PlannedStatement, input: StatementInput): Promise<StatementResult> {
  const { plan, table } = planned;
  const tally = new ConsumedTally(table.tableClass);
  if (isWritePlan(plan)) {
    const outcome = await runWrite(target.send, plan, table, tally);
    const consumed = tally.total;
    return {
      plan: viewOf(plan, table, planned.view.statementCode, false, consumed.writeUnits > 0 ? consumed.writeUnits : undefined),
      items: outcome.items,
      count: outcome.items.length,
      scannedCount: 0,
      consumed,
      ...(outcome.change !== undefined ? { change: outcome.change } : {}),
    };
  }
  const outcome = await runReads(target.send, plan, tally, input.nextToken);
  const consumed = tally.total;
  const consistent = input.consistentRead === true;
  return {
    plan: viewOf(plan, table, planned.view.statementCode, consistent, consumed.readUnits > 0 ? consumed.readUnits : undefined),
    items: outcome.items,
    count: outcome.items.length,
    scannedCount: outcome.scannedCount,
    ...(outcome.nextToken !== undefined ? { nextToken: outcome.nextToken } : {}),
    consumed,
  };
}
