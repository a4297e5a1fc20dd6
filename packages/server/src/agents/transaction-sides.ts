/**
 * What a person reviews of a proposed transaction, action by action: the
 * item as it is now (read consistently) and as the action leaves it — the
 * same before and after a single put, update or delete shows.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { itemToWire } from '@dynotable/core';
import { sendRequest, wireOf } from '../data/items/send.js';
import { keyAttributes } from '../data/table-description.js';
import type { TransactionItemSides } from './proposal-types.js';
import { afterOf, type TransactionPlan } from './transaction.js';

export async function transactionSides(client: DynamoDBClient, plan: TransactionPlan, signal: AbortSignal): Promise<TransactionItemSides[]> {
  return Promise.all(
    plan.actions.map(async (action) => {
      const read = await sendRequest(client, 'GetItem', { TableName: action.table.name, Key: action.key, ConsistentRead: true }, signal);
      const current = wireOf(read.Item);
      const after = action.change === undefined ? undefined : afterOf(read.Item, action);
      return {
        table: action.table.name,
        action: action.kind,
        keyNames: keyAttributes(action.table),
        key: itemToWire(action.key),
        ...(current !== undefined ? { current } : {}),
        ...(after !== undefined && after !== null ? { after: itemToWire(after) } : {}),
      };
    }),
  );
}
