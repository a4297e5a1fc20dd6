/**
 * DynamoDB's PartiQL: text <-> statement tree, and the plan of each statement.
 *
 * - parseStatement / printStatement: text <-> Statement, with DynamoDB's own
 *   messages for what it refuses.
 * - planStatement: a statement, the table's description and the Parameters
 *   -> the operation (GetItem, Query, Scan, PutItem, UpdateItem, DeleteItem),
 *   its request in DynamoDB's shape, its capacity, and for a Scan why.
 * - requestToSelect: a Query or GetItem request -> the SELECT that runs it.
 */
export type * from './ast.js';
export { parseStatement } from './parser.js';
export { printStatement } from './printer.js';
export { planStatement, statementTableName } from './planner.js';
export type { AfterRead, SortAfterRead, CapacityEstimate, PlannedOperation, PlannedRequest, PlanOptions, ScanExplanation, StatementPlan } from './plan-types.js';
export type { PartiqlIndexDescription, PartiqlKeySchemaElement, PartiqlTableDescription } from './schema.js';
export { countParameters } from './bind.js';
export { requestToSelect } from './from-request.js';
export type { ReadRequest, SelectFromRequest } from './from-request.js';
export { isPartiqlKeyword } from './keywords.js';
