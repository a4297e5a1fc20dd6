/** Table operations: lifecycle, settings (TTL, tags) and endpoint discovery. */
import type { Operation } from '../../context.js';
import { createTable } from './create-table.js';
import { deleteTable } from './delete-table.js';
import { describeEndpoints } from './describe-endpoints.js';
import { describeTable } from './describe-table.js';
import { listTables } from './list-tables.js';
import { listTagsOfResource, tagResource, untagResource } from './tags.js';
import { describeTimeToLive, updateTimeToLive } from './time-to-live.js';
import { updateTable } from './update-table.js';

export const tableOperations: Record<string, Operation> = {
  CreateTable: createTable,
  DescribeTable: describeTable,
  ListTables: listTables,
  DeleteTable: deleteTable,
  UpdateTable: updateTable,
  UpdateTimeToLive: updateTimeToLive,
  DescribeTimeToLive: describeTimeToLive,
  TagResource: tagResource,
  UntagResource: untagResource,
  ListTagsOfResource: listTagsOfResource,
  DescribeEndpoints: describeEndpoints,
};
