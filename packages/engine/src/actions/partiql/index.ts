/** PartiQL: statements planned by core and run through the item and read operations. */
import type { Operation } from '../../context.js';
import { batchExecuteStatement } from './batch-execute-statement.js';
import { executeStatement } from './execute-statement.js';
import { executeTransaction } from './execute-transaction.js';

export const partiqlOperations: Record<string, Operation> = {
  ExecuteStatement: executeStatement,
  BatchExecuteStatement: batchExecuteStatement,
  ExecuteTransaction: executeTransaction,
};
