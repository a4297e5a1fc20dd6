/** Query and Scan, by their DynamoDB names. */
import type { Operation } from '../../context.js';
import { query } from './query.js';
import { scan } from './scan.js';

export const readOperations: Record<string, Operation> = {
  Query: query,
  Scan: scan,
};
