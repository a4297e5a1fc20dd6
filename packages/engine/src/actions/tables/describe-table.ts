/** DescribeTable: the table's description with live counts. */
import type { Operation } from '../../context.js';
import { renderTableDescription } from '../../tables/describe.js';
import { requireNamedTable } from '../../tables/lookup.js';
import { checkResourceName, ConstraintViolations } from '../../validation/constraints.js';
import { checkRequestShape } from './shapes.js';

export const describeTable: Operation = (context, input) => {
  checkRequestShape('DescribeTable', input);
  const v = new ConstraintViolations();
  checkResourceName(v, input.TableName, 'tableName');
  v.throwIfAny();
  return { Table: renderTableDescription(context, requireNamedTable(context, input.TableName)) };
};
