/**
 * BatchExecuteStatement: up to 25 statements, all reads (each a single-item
 * SELECT, a GetItem) or all writes, each answered in Responses with its
 * item or its own Error; only a malformed request (mixed reads and writes,
 * two statements on one item) fails as a whole. Measured on DynamoDB Local.
 */
import { MAX_BATCH_WRITE_REQUESTS, validationError, type StatementPlan } from '@dynotable/core';
import type { Operation } from '../../context.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { readReturnConsumedCapacity, readReturnValuesOnConditionCheckFailure } from '../../requests/parameters.js';
import { checkRequired, ConstraintViolations } from '../../validation/constraints.js';
import { addConsumed } from './consumed.js';
import { isReadPlan, isSelectText, itemIdentity } from './classify.js';
import { planPartiql } from './plan.js';
import { runRead } from './run-read.js';
import { runWrite } from './run-write.js';
import { statementError, type StatementError } from './statement-error.js';

/** A batch of statements has BatchWriteItem's limit. */
const MAX_BATCH_STATEMENTS = MAX_BATCH_WRITE_REQUESTS;
const TOO_MANY_READS = 'BatchGetItem cannot fetch more than 25 items';
const TOO_MANY_WRITES = 'BatchWriteItem cannot write more than 25 items';
const EMPTY = 'The statement was empty.';
const MIXED = 'Read and write requests together in the same batch is not supported.';
const DUPLICATES = 'Provided list of item keys contains duplicates';
const NOT_AN_OPERATION = 'Invalid operation. Only select, insert, update and delete operations are valid';
const SINGLE_ITEM_ONLY = 'Only single item select is supported';

interface Entry {
  request: Record<string, unknown>;
  plan?: StatementPlan;
  error?: StatementError;
}

export const batchExecuteStatement: Operation = (context, input) => {
  checkItemRequestShape('BatchExecuteStatement', input);
  const violations = new ConstraintViolations();
  checkRequired(violations, input.Statements, 'statements');
  const returnConsumedCapacity = readReturnConsumedCapacity(violations, input.ReturnConsumedCapacity);
  violations.throwIfAny();
  const requests = (Array.isArray(input.Statements) ? input.Statements : []) as Record<string, unknown>[];
  if (requests.length === 0) throw validationError(EMPTY);
  const selects = requests.map((request) => isSelectText(request?.Statement));
  const reads = selects.some((select) => select === true);
  if (reads && selects.some((select) => select === false)) throw validationError(MIXED);
  if (requests.length > MAX_BATCH_STATEMENTS) throw validationError(reads ? TOO_MANY_READS : TOO_MANY_WRITES);

  const entries: Entry[] = requests.map((request) => {
    try {
      const plan = planPartiql(context, { statement: String(request.Statement), parameters: request.Parameters, consistentRead: request.ConsistentRead === true });
      return { request, plan };
    } catch (error) {
      const entry = statementError(error);
      // A bare word is not an operation: in a batch DynamoDB Local words it differently than alone.
      if (entry.Message.startsWith('Unsupported operation:')) entry.Message = NOT_AN_OPERATION;
      return { request, error: entry };
    }
  });
  const seen = new Set<string>();
  for (const { plan } of entries) {
    if (plan === undefined || (isReadPlan(plan) && plan.operation !== 'GetItem')) continue;
    const id = itemIdentity(context, plan);
    if (seen.has(id)) throw validationError(DUPLICATES);
    seen.add(id);
  }

  let consumed: Record<string, Record<string, unknown>> = {};
  const responses = entries.map(({ request, plan, error }): Record<string, unknown> => {
    if (plan === undefined) return { Error: error };
    if (isReadPlan(plan) && plan.operation !== 'GetItem') return { Error: { Code: 'ValidationError', Message: SINGLE_ITEM_ONLY } };
    const response: Record<string, unknown> = { TableName: plan.tableName };
    try {
      if (isReadPlan(plan)) {
        const read = runRead(context, plan, { returnConsumedCapacity });
        if (read.items.length > 0) response.Item = read.items[0];
        consumed = tally(consumed, plan.tableName, read.consumed);
      } else {
        const returnOld = readReturnValuesOnConditionCheckFailure(new ConstraintViolations(), request.ReturnValuesOnConditionCheckFailure);
        const written = runWrite(context, plan, { returnConsumedCapacity, returnValuesOnConditionCheckFailure: returnOld === 'NONE' ? undefined : returnOld });
        if (written.item !== undefined) response.Item = written.item;
        consumed = tally(consumed, plan.tableName, written.consumed);
      }
    } catch (failure) {
      return { Error: statementError(failure), TableName: plan.tableName };
    }
    return response;
  });
  const output: Record<string, unknown> = { Responses: responses };
  if (returnConsumedCapacity !== 'NONE') output.ConsumedCapacity = Object.values(consumed);
  return output;
};

function tally(consumed: Record<string, Record<string, unknown>>, table: string, more: Record<string, unknown> | undefined) {
  const sum = addConsumed(consumed[table], more);
  return sum === undefined ? consumed : { ...consumed, [table]: sum };
}
