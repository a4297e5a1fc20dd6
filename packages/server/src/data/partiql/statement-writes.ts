/**
 * INSERT, UPDATE and DELETE run as the plan's PutItem, UpdateItem or
 * DeleteItem, with the item before and after for the journal: an INSERT
 * never replaces (before: none), UPDATE and DELETE send ReturnValues ALL_OLD
 * and the item after an UPDATE is its update applied to that image with
 * core's evaluator — the same rules the write itself ran.
 */
import {
  applyUpdate,
  itemFromWire,
  itemToWire,
  parseRequestExpressions,
  toWireRequest,
  type CodegenParams,
  type Item,
  type StatementPlan,
  type WireItem,
} from '@dynotable/core';
import { DataError } from '../errors.js';
import type { ConsumedTally } from '../consumed.js';
import { keyAttributes, type TableShape } from '../table-description.js';
import type { WireSend } from '../../transfer/wire-send.js';
import type { StatementChange } from './statement-shapes.js';


export interface WriteOutcome {
  /** What RETURNING asked for. */
  readonly items: WireItem[];
  /** Absent when nothing changed (a DELETE of a key that was not there). */
  readonly change?: StatementChange;
}

function keyOf(item: WireItem, table: TableShape): WireItem {
  return Object.fromEntries(keyAttributes(table).flatMap((name) => (item[name] === undefined ? [] : [[name, item[name]]])));
}

/** The top-level attributes whose value differs between the two images. */
function modified(from: WireItem, other: WireItem): WireItem {
  return Object.fromEntries(Object.entries(from).filter(([name, value]) => JSON.stringify(other[name]) !== JSON.stringify(value)));
}

function returning(plan: StatementPlan, before: WireItem | null, after: WireItem | null): WireItem[] {
  const pick = (item: WireItem | null) => (item === null ? [] : [item]);
  switch (plan.request.ReturnValues) {
    case 'ALL_OLD':
      return pick(before);
    case 'ALL_NEW':
      return pick(after);
    case 'UPDATED_OLD':
      return before === null || after === null ? [] : [modified(before, after)];
    case 'UPDATED_NEW':
      return before === null || after === null ? [] : [modified(after, before)];
    default:
      return [];
  }
}

async function sendWrite(send: WireSend, plan: StatementPlan, tally: ConsumedTally, returnOld: boolean): Promise<WireItem | null> {
  const { ReturnValues: _asked, ...request } = plan.request;
  const input = { ...toWireRequest(request as CodegenParams), ReturnConsumedCapacity: 'INDEXES', ...(returnOld ? { ReturnValues: 'ALL_OLD' } : {}) };
  try {
    const output = await send(plan.operation, input);
    tally.add(output['ConsumedCapacity'], 'write');
    return (output['Attributes'] as WireItem | undefined) ?? null;
  } catch (error) {
    // DynamoDB's answer to an INSERT of a key that exists.
    if (plan.operation === 'PutItem' && error instanceof Error && error.name === 'ConditionalCheckFailedException') {
      throw new DataError('conflict', 'DuplicateItemException', 'Duplicate primary key exists in table');
    }
    throw error;
  }
}

export async function runWrite(send: WireSend, plan: StatementPlan, table: TableShape, tally: ConsumedTally): Promise<WriteOutcome> {
  if (plan.operation === 'PutItem') {
    await sendWrite(send, plan, tally, false);
    const after = itemToWire(plan.request.Item as Item);
    return { items: [], change: { operation: 'put', key: keyOf(after, table), before: null, after } };
  }
  const before = await sendWrite(send, plan, tally, true);
  const key = itemToWire(plan.request.Key as Item);
  if (plan.operation === 'DeleteItem') {
    return { items: returning(plan, before, null), ...(before !== null ? { change: { operation: 'delete', key, before, after: null } } : {}) };
  }
  // UPDATE's plan requires the item to exist, so the write returned it.
  const update = parseRequestExpressions(plan.request).update;
  const after = before === null || update === undefined ? null : itemToWire(applyUpdate(update, itemFromWire(before)));
  return { items: returning(plan, before, after), ...(after !== null ? { change: { operation: 'update', key, before, after } } : {}) };
}
