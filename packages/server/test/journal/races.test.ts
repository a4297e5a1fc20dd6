/**
 * What others do around an undo: a concurrent change before the journaled
 * write (the before image must be the item as it really was), and a change
 * between the undo's read and its writes (each item reported exactly).
 */
import { BatchWriteItemCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { itemFromWire, type WireItem } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { targetOf } from '../../src/journal/target.js';
import { undoOperation } from '../../src/journal/undo.js';
import { CONNECTION, createJournalHarness, createTable, itemsPath, undo } from './support.js';

describe('undo around concurrent writes', () => {
  it('records the item as it really was before an update, not as the editor loaded it', async () => {
    const h = createJournalHarness();
    await createTable(h, 'race');
    const items = itemsPath('race');
    const key = { PK: { S: 'r' }, SK: { S: 'A' } };
    await h.call('POST', `${items}/put`, { Item: { ...key, title: { S: 'one' }, views: { N: '1' } } });
    const loaded = (await h.item('race', key))!;
    // Someone else bumps `views` after the editor loaded the item; the edit touches `title` only.
    await h.base.client.send(new PutItemCommand({ TableName: 'race', Item: itemFromWire({ ...loaded, views: { N: '2' } }) as never }));
    const update = await h.call<{ journal: { operationId: string } }>('POST', `${items}/update`, { key, before: loaded, after: { ...loaded, title: { S: 'two' } } });
    const operation = (await h.journal.operation(update.journal.operationId))!;
    expect(operation.changes[0]!.before).toEqual({ ...key, title: { S: 'one' }, views: { N: '2' } });
    await undo(h, { operationId: update.journal.operationId });
    expect(await h.item('race', key)).toEqual({ ...key, title: { S: 'one' }, views: { N: '2' } });
  });

  it('reports each item when one changes between the read and its write (beyond one transaction)', async () => {
    const h = createJournalHarness();
    await createTable(h, 'late');
    const keys: WireItem[] = Array.from({ length: 110 }, (_, n) => ({ PK: { S: `k${String(n).padStart(3, '0')}` }, SK: { S: 'A' } }));
    // The write being undone: 110 new items, journaled as one operation.
    for (let start = 0; start < keys.length; start += 25) {
      const chunk = keys.slice(start, start + 25).map((key) => ({ PutRequest: { Item: itemFromWire({ ...key, v: { N: '1' } }) } }));
      await h.base.client.send(new BatchWriteItemCommand({ RequestItems: { late: chunk as never } }));
    }
    const target = targetOf(h.context.connections.get(CONNECTION).info, h.journal.session);
    const id = await h.journal.record({ target, table: 'late', operation: 'put', changes: keys.map((key) => ({ key, before: null, after: { ...key, v: { N: '1' } } })) });
    // A client that lets someone else change item k050 just before the undo deletes it.
    const client = h.base.client;
    const racing = new Proxy(client, {
      get(object, property) {
        if (property !== 'send') return Reflect.get(object, property) as unknown;
        return async (command: { constructor: { name: string }; input: { Key?: Record<string, { S?: string }> } }, options?: unknown) => {
          if (command.constructor.name === 'DeleteItemCommand' && command.input.Key?.['PK']?.S === 'k050') {
            await client.send(new PutItemCommand({ TableName: 'late', Item: itemFromWire({ PK: { S: 'k050' }, SK: { S: 'A' }, v: { N: '9' } }) as never }));
          }
          return client.send(command as never, options as never);
        };
      },
    }) as DynamoDBClient;
    const result = await undoOperation({ client: racing, journal: h.journal, target }, (await h.journal.operation(id))!);
    expect(result.outcome).toBe('partial');
    expect(result.reverted).toBe(109);
    const refused = result.items.filter((item) => item.status !== 'reverted');
    expect(refused).toEqual([{ key: { PK: { S: 'k050' }, SK: { S: 'A' } }, status: 'changed-since', message: 'the item PK = "k050", SK = "A" changed while the undo ran', guard: 'every-attribute' }]);
    expect(result.message).toContain('109 items reverted; 1 not reverted');
    expect(await h.count('late')).toBe(1);
    // The journal knows the operation is only partly undone; finishing it later is refused for k050 by name.
    expect((await h.journal.operation(id))!.state).toBe('partly-undone');
    const again = await h.fail('POST', '/api/journal/undo', { connectionId: CONNECTION, operationId: id });
    expect(again.__type).toBe('ItemChangedSinceWrite');
    expect(again.message).toContain('PK = "k050"');
  });
});
