/**
 * Every operation the engine answers, by its DynamoDB name. One file per
 * operation under actions/, grouped: tables and their settings, item reads
 * and writes, Query and Scan, PartiQL, and DynamoDB Streams.
 */
import type { Operation } from './context.js';
import { itemOperations } from './actions/items/index.js';
import { partiqlOperations } from './actions/partiql/index.js';
import { readOperations } from './actions/reads/index.js';
import { streamOperations } from './actions/streams/index.js';
import { tableOperations } from './actions/tables/index.js';

export const operations: Record<string, Operation> = {
  ...tableOperations,
  ...itemOperations,
  ...readOperations,
  ...partiqlOperations,
  ...streamOperations,
};

/** The operations of the DynamoDB Streams API, which answer only under its own target prefix. */
export function isStreamOperation(operation: string): boolean {
  return Object.hasOwn(streamOperations, operation);
}
