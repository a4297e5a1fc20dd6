/**
 * The key change: one TransactWriteItems that deletes the item at its old
 * key — only if it is still as loaded — and puts the edited item at its new
 * key — only if nothing is there yet. Either both happen or neither.
 */
import { TransactWriteItemsCommand, type DynamoDBClient, type TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { attributeValuesEqual, itemToWire, printCondition, utf8ByteLength, type Condition, type Item, type WireItem } from '@dynotable/core';
import { sdkToWire } from '../../connections/sdk-shapes.js';
import { DataError } from '../errors.js';
import { exists, notExists } from '../conditions.js';
import { consumedOf, type Consumed } from '../consumed.js';
import { multiRequestView, type RequestView } from '../request-view.js';
import { keyAttributes, type TableShape } from '../table-description.js';
import { readItemToWrite, readWireForWrite } from '../wire-input.js';
import { changedAttributes, keyOf, stillAsLoaded, type AttributeChange } from './minimal-update.js';
import type { MoveInput } from './write-schemas.js';

/** DynamoDB's limit on one expression's text. */
const MAX_EXPRESSION_BYTES = 4096;

export interface MoveRequest {
  readonly oldKey: Item;
  readonly newKey: Item;
  readonly item: Item;
  /** TransactWriteItems input in the SDK's shapes. */
  readonly input: { TransactItems: Record<string, unknown>[]; ReturnConsumedCapacity: 'INDEXES' };
  readonly view: RequestView;
}

function keyFrom(item: Item, names: readonly string[], label: string): Item {
  for (const name of names) {
    if (!Object.hasOwn(item, name)) throw new DataError('invalid', 'ValidationException', `${label} lacks the key attribute '${name}'`);
  }
  return keyOf(item, names);
}

/**
 * The old item must still be as loaded: every loaded attribute if the
 * condition fits DynamoDB's 4 KB, else the edited ones, else at least that it exists.
 */
function deleteGuard(before: Item, after: Item, table: TableShape): Condition {
  const keyNames = keyAttributes(table);
  const loaded: AttributeChange[] = Object.entries(before)
    .filter(([name]) => !keyNames.includes(name))
    .map(([name, value]) => ({ name, before: value }));
  const edited = changedAttributes(before, after).filter((change) => !keyNames.includes(change.name));
  for (const changes of [loaded, edited]) {
    const condition = stillAsLoaded(changes, table.keys.partition.name);
    if (utf8ByteLength(printCondition(condition).ConditionExpression ?? '') <= MAX_EXPRESSION_BYTES) return condition;
  }
  return exists(table.keys.partition.name);
}

export function moveRequest(table: TableShape, input: MoveInput): MoveRequest {
  const keyNames = keyAttributes(table);
  const before = readWireForWrite(input.before);
  const item = readItemToWrite(input.after, 'put');
  const oldKey = keyFrom(before, keyNames, 'before');
  const newKey = keyFrom(item, keyNames, 'after');
  if (keyNames.every((name) => attributeValuesEqual(oldKey[name]!, newKey[name]!))) {
    throw new DataError('invalid', 'KeyUnchanged', 'The key is unchanged, so there is nothing to move; use POST .../items/update to change the other attributes.');
  }
  const transaction = {
    TransactItems: [
      { Delete: { TableName: table.name, Key: oldKey, ...printCondition(deleteGuard(before, item, table)) } },
      { Put: { TableName: table.name, Item: item, ...printCondition(notExists(table.keys.partition.name)) } },
    ],
    ReturnConsumedCapacity: 'INDEXES' as const,
  };
  return { oldKey, newKey, item, input: transaction, view: multiRequestView('TransactWriteItems', sdkToWire(transaction)) };
}

export interface MoveResult {
  readonly item: WireItem;
  readonly oldKey: WireItem;
  readonly newKey: WireItem;
  readonly consumed: Consumed;
  readonly request: RequestView;
}

/** Which part refused, in words; DynamoDB's reasons come in the order of TransactItems. */
function cancellationMessage(error: TransactionCanceledException): string {
  const [deletion, put] = error.CancellationReasons ?? [];
  const reasons: string[] = [];
  if (put?.Code === 'ConditionalCheckFailed') reasons.push('an item with the new key already exists');
  if (deletion?.Code === 'ConditionalCheckFailed') reasons.push('the item changed since it was loaded (or was deleted)');
  for (const [part, reason] of [['delete of the old key', deletion], ['put of the new item', put]] as const) {
    if (reason?.Code !== undefined && reason.Code !== 'None' && reason.Code !== 'ConditionalCheckFailed') {
      reasons.push(`the ${part} failed: ${reason.Code}${reason.Message ? ` (${reason.Message})` : ''}`);
    }
  }
  const why = reasons.length > 0 ? reasons.join('; ') : error.message;
  return `The key change was refused and nothing was written: ${why}.`;
}

export async function sendMove(client: DynamoDBClient, table: TableShape, request: MoveRequest, signal: AbortSignal): Promise<MoveResult> {
  let output;
  try {
    output = await client.send(new TransactWriteItemsCommand(request.input as never), { abortSignal: signal });
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') throw new DataError('invalid', 'TransactionCanceledException', cancellationMessage(error as TransactionCanceledException));
    throw error;
  }
  return {
    item: itemToWire(request.item),
    oldKey: itemToWire(request.oldKey),
    newKey: itemToWire(request.newKey),
    consumed: consumedOf(output.ConsumedCapacity, 'write', table.tableClass),
    request: request.view,
  };
}
