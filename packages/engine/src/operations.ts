/**
 * Every operation the engine answers, by its DynamoDB name. One file per
 * operation under actions/, grouped: tables and their settings, item reads
 * and writes, Query and Scan.
 */
import type { Operation } from './context.js';
import { itemOperations } from './actions/items/index.js';
import { readOperations } from './actions/reads/index.js';
import { tableOperations } from './actions/tables/index.js';

export const operations: Record<string, Operation> = {
  ...tableOperations,
  ...itemOperations,
  ...readOperations,
};
