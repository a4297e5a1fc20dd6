/** Item operations: single-item reads and writes, batches and transactions. */
import type { Operation } from '../../context.js';
import { batchGetItem } from './batch-get-item.js';
import { batchWriteItem } from './batch-write-item.js';
import { deleteItem } from './delete-item.js';
import { getItem } from './get-item.js';
import { putItem } from './put-item.js';
import { transactGetItems } from './transact-get-items.js';
import { transactWriteItems } from './transact-write-items.js';
import { updateItem } from './update-item.js';

export const itemOperations: Record<string, Operation> = {
  PutItem: putItem,
  GetItem: getItem,
  UpdateItem: updateItem,
  DeleteItem: deleteItem,
  BatchGetItem: batchGetItem,
  BatchWriteItem: batchWriteItem,
  TransactWriteItems: transactWriteItems,
  TransactGetItems: transactGetItems,
};
