/**
 * The operation each PartiQL statement runs: `planStatement` parses (or takes
 * a parsed statement), binds the `?` parameters, and maps it onto GetItem,
 * Query, Scan, PutItem, UpdateItem or DeleteItem with the request in
 * DynamoDB's shape and its capacity. The engine's ExecuteStatement runs the
 * request; the workbench shows the plan.
 */
import { DynamoError } from '../errors.js';
import type { Statement } from './ast.js';
import { checkParameters } from './bind.js';
import { parseStatement } from './parser.js';
import { planSelect } from './plan-select.js';
import type { PlanOptions, StatementPlan } from './plan-types.js';
import { planInsert, planUpdateOrDelete } from './plan-write.js';
import { printStatement } from './printer.js';
import type { PartiqlTableDescription } from './schema.js';

/** The table a statement names (the engine looks its description up by this name). */
export function statementTableName(statement: Statement): string {
  return statement.target.table;
}

export function planStatement(statement: string | Statement, table: PartiqlTableDescription, options: PlanOptions = {}): StatementPlan {
  const parsed = typeof statement === 'string' ? parseStatement(statement) : statement;
  const text = typeof statement === 'string' ? statement : printStatement(statement);
  if (parsed.target.table !== table.TableName) {
    throw new DynamoError('ResourceNotFoundException', 'Cannot do operations on a non-existent table');
  }
  checkParameters(parsed, options.parameters ?? []);
  switch (parsed.kind) {
    case 'select':
      return planSelect(parsed, table, options, text);
    case 'insert':
      return planInsert(parsed, table, options);
    case 'update':
    case 'delete':
      return planUpdateOrDelete(parsed, table, options, text);
  }
}
