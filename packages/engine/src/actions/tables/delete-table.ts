/**
 * DeleteTable: refuses a protected table, drops the table and every index,
 * answers DELETING. Its streams stay readable for 24 hours (streams/retired.ts).
 */
import { validationError } from '@dynotable/core';
import type { Operation } from '../../context.js';
import { renderTableDescription } from '../../tables/describe.js';
import { requireNamedTable } from '../../tables/lookup.js';
import { checkResourceName, ConstraintViolations } from '../../validation/constraints.js';
import { checkRequestShape } from './shapes.js';

export const deleteTable: Operation = (context, input) => {
  checkRequestShape('DeleteTable', input);
  const v = new ConstraintViolations();
  checkResourceName(v, input.TableName, 'tableName');
  v.throwIfAny();
  const table = requireNamedTable(context, input.TableName);
  if (table.deletionProtection === true) {
    throw validationError(
      'Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.',
    );
  }
  // Rendered before the drop so counts and sizes are those of the table being deleted.
  const description = renderTableDescription(context, table, { status: 'DELETING' });
  try {
    context.storage.atomic(() => {
      context.retiredStreams.retire(context, table);
      context.catalog.remove(table.name);
    });
    // Records kept in memory for its spaces go with them (those of streams kept for a day moved).
    context.streams.droppedTable(table.name);
  } catch (error) {
    context.retiredStreams.forget();
    throw error;
  } finally {
    // Its streams' spaces moved or went with it.
    context.streams.forget();
  }
  return { TableDescription: description };
};
