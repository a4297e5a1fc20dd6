/**
 * A model's table against a live table on a connection: DescribeTable and
 * DescribeTimeToLive read, then core's comparison (the differences, and the
 * UpdateTable requests that close what can be closed).
 */
import { compareTable, type LiveTableDescription, type LiveTimeToLive, type Model, type TableComparison, type TableSpec } from '@dynotable/core';
import type { WireSend } from '../../transfer/wire-send.js';
import { DataError } from '../errors.js';
import { describeIfExists } from './create-tables.js';

export interface TableDiffRequest {
  readonly model: Model;
  /** The live table's name. */
  readonly table: string;
  /** The model's table to compare with; by default the one of the same name, the model's only one, or the one the live name ends with (a prefix). */
  readonly modelTable?: string;
}

function modelTableFor(model: Model, table: string, modelTable?: string): TableSpec {
  const names = model.tables.map((each) => each.name).join(', ') || 'none';
  if (modelTable !== undefined) {
    const found = model.tables.find((each) => each.name === modelTable);
    if (found === undefined) throw new DataError('invalid', 'ValidationException', `the model has no table ${modelTable}; its tables: ${names}`);
    return found;
  }
  const chosen =
    model.tables.find((each) => each.name === table) ??
    (model.tables.length === 1 ? model.tables[0] : undefined) ??
    [...model.tables].sort((a, b) => b.name.length - a.name.length).find((each) => table.endsWith(each.name));
  if (chosen === undefined) throw new DataError('invalid', 'ValidationException', `name the model's table to compare ${table} with; the model's tables: ${names}`);
  return chosen;
}

/** DescribeTimeToLive's answer; undefined where the endpoint does not answer it (TTL is then not compared). */
async function timeToLiveOf(send: WireSend, table: string): Promise<LiveTimeToLive | undefined> {
  try {
    return ((await send('DescribeTimeToLive', { TableName: table }))['TimeToLiveDescription'] ?? {}) as LiveTimeToLive;
  } catch {
    return undefined;
  }
}

export async function diffModelTable(send: WireSend, request: TableDiffRequest, where: string): Promise<TableComparison> {
  const spec = modelTableFor(request.model, request.table, request.modelTable);
  const description = await describeIfExists(send, request.table);
  if (description === undefined) throw new DataError('not-found', 'ResourceNotFoundException', `there is no table ${request.table} on ${where}`);
  const timeToLive = await timeToLiveOf(send, request.table);
  return compareTable(spec, description as LiveTableDescription, timeToLive !== undefined ? { timeToLive } : {});
}
