/** DeleteTable: refuses a protected table, drops the table and every index, answers DELETING. */
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
  context.catalog.remove(table.name);
  // Its streams went with it (their spaces are the table's).
  context.streams.forget();
  return { TableDescription: description };
};
