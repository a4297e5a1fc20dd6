/**
 * Transactions through the AWS SDK on every target, with the ticket desk
 * example: a key attribute cannot be updated; a ticket whose
 * status is in its key moves with Delete + Put in one TransactWriteItems
 * guarded by attribute_not_exists; the recommended design re-sorts the ticket
 * in a GSI with one UpdateItem; a sparse GSI lists only open tickets; and the
 * write units of the two designs for a 1 KB ticket (4 vs 3).
 */
import {
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { createTable, GSI1, keySchema, N, rejection, S, stringAttributes, stringKeys } from './requests.js';
import { describeEachTarget } from './targets.js';


/** A ticket body that keeps the whole item (and its ALL-projected GSI entry) just under 1 KB. */
const DESCRIPTION = 'Printer on floor 3 jams on every duplex job. '.repeat(17);

function ticketByStatusTable(TableName: string): CreateTableCommandInput {
  return { TableName, ...stringKeys('PK', 'SK') };
}

function deskTable(TableName: string): CreateTableCommandInput {
  return {
    TableName,
    AttributeDefinitions: stringAttributes('PK', 'GSI1PK', 'GSI1SK', 'OpenTeam'),
    KeySchema: keySchema('PK'),
    GlobalSecondaryIndexes: [
      GSI1,
      {
        // Sparse: only open tickets carry OpenTeam.
        IndexName: 'OpenTickets',
        KeySchema: [{ AttributeName: 'OpenTeam', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
    ],
  };
}

describeEachTarget('transactions', (target) => {
  it('ticket desk: a key attribute cannot be updated; the transactional move leaves one item and costs 4 units', async () => {
    const TableName = target.tableName('tx-move');
    await createTable(target, ticketByStatusTable(TableName));
    const open = { PK: S('TEAM#7'), SK: S('STATUS#open#TICKET#8842') };
    const ticket = { ...open, title: S('Printer jam'), description: S(DESCRIPTION) };
    await target.client.send(new PutItemCommand({ TableName, Item: ticket }));

    const refused = await rejection(
      target.client.send(
        new UpdateItemCommand({ TableName, Key: open, UpdateExpression: 'SET SK = :sk', ExpressionAttributeValues: { ':sk': S('STATUS#closed#TICKET#8842') } }),
      ),
    );
    expect(refused.name).toBe('ValidationException');
    expect(refused.message).toBe('One or more parameter values were invalid: Cannot update attribute SK. This attribute is part of the key');

    const moved = await target.client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Delete: { TableName, Key: open, ConditionExpression: 'attribute_exists(PK)' } },
          { Put: { TableName, Item: { ...ticket, SK: S('STATUS#closed#TICKET#8842') }, ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    // Delete of a 1 KB item + put of a 1 KB item, each twice in a transaction
    // (docs/dynamodb-rules.md#capacity). DynamoDB Local reports 2 for this pair, although
    // it reports 2 for each of the two actions sent alone.
    expect(moved.ConsumedCapacity?.[0]?.CapacityUnits).toBe(target.isDynamoDbLocal ? 2 : 4);
    const team = await target.client.send(
      new QueryCommand({ TableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': S('TEAM#7') } }),
    );
    expect(team.Items?.map((item) => item.SK)).toEqual([S('STATUS#closed#TICKET#8842')]);

    // Moving again from the old key is refused whole: the guard fails, nothing changes.
    const again = await rejection(
      target.client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Delete: { TableName, Key: open, ConditionExpression: 'attribute_exists(PK)' } },
            { Put: { TableName, Item: { ...ticket, SK: S('STATUS#closed#TICKET#8842') }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      ),
    );
    expect(again.name).toBe('TransactionCanceledException');
    expect(again.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, ConditionalCheckFailed]',
    );
    expect(again.CancellationReasons).toEqual([
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
    ]);
  });

  it('ticket desk: one UpdateItem re-sorts the ticket in the GSI for 3 units; the sparse GSI holds only open tickets', async () => {
    const TableName = target.tableName('tx-desk');
    await createTable(target, deskTable(TableName));
    const ticket = (id: string, status: string) => ({
      PK: S(`TICKET#${id}`),
      GSI1PK: S('TEAM#7'),
      GSI1SK: S(`STATUS#${status}#TICKET#${id}`),
      ...(status === 'closed' ? {} : { OpenTeam: S('TEAM#7') }),
      description: S(DESCRIPTION),
    });
    for (const [id, status] of [['8842', 'open'], ['8843', 'open'], ['8801', 'closed']] as const) {
      await target.client.send(new PutItemCommand({ TableName, Item: ticket(id, status) }));
    }
    // Team 7's tickets as an index lists them, by PK.
    const teamTickets = async (IndexName: string, teamAttribute: string) =>
      (
        await target.client.send(
          new QueryCommand({
            TableName,
            IndexName,
            KeyConditionExpression: `${teamAttribute} = :team`,
            ExpressionAttributeValues: { ':team': S('TEAM#7') },
          }),
        )
      ).Items?.map((item) => item.PK?.S);
    const byStatus = () => teamTickets('GSI1', 'GSI1PK');
    const openTickets = async () => (await teamTickets('OpenTickets', 'OpenTeam'))?.sort();
    expect(await byStatus()).toEqual(['TICKET#8801', 'TICKET#8842', 'TICKET#8843']);
    expect(await openTickets()).toEqual(['TICKET#8842', 'TICKET#8843']);

    // The ticket stays open but moves in GSI1: table 1 + GSI1 delete 1 + put 1.
    const resorted = await target.client.send(
      new UpdateItemCommand({
        TableName,
        Key: { PK: S('TICKET#8843') },
        UpdateExpression: 'SET GSI1SK = :sk',
        ExpressionAttributeValues: { ':sk': S('STATUS#in-progress#TICKET#8843') },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(resorted.ConsumedCapacity?.CapacityUnits).toBe(3);
    expect(resorted.ConsumedCapacity?.Table?.CapacityUnits).toBe(1);
    expect(resorted.ConsumedCapacity?.GlobalSecondaryIndexes?.GSI1?.CapacityUnits).toBe(2);
    expect(resorted.ConsumedCapacity?.GlobalSecondaryIndexes?.OpenTickets).toBeUndefined();
    expect(await byStatus()).toEqual(['TICKET#8801', 'TICKET#8843', 'TICKET#8842']);

    // Closing a ticket takes it out of the sparse index.
    await target.client.send(
      new UpdateItemCommand({
        TableName,
        Key: { PK: S('TICKET#8842') },
        UpdateExpression: 'SET GSI1SK = :sk REMOVE OpenTeam',
        ExpressionAttributeValues: { ':sk': S('STATUS#closed#TICKET#8842') },
      }),
    );
    expect(await openTickets()).toEqual(['TICKET#8843']);
  });

  it('applies all actions or none, with reasons in request order and the old item on request', async () => {
    const TableName = target.tableName('tx-all');
    await createTable(target, ticketByStatusTable(TableName));
    const item = (sk: string) => ({ PK: S('p'), SK: S(sk) });
    await target.client.send(new PutItemCommand({ TableName, Item: { ...item('a'), v: N(1) } }));
    const error = await rejection(
      target.client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName, Item: item('b') } },
            {
              Update: {
                TableName,
                Key: item('a'),
                UpdateExpression: 'SET v = :two',
                ConditionExpression: 'v = :two',
                ExpressionAttributeValues: { ':two': N(2) },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
          ],
        }),
      ),
    );
    expect(error.message).toBe('Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]');
    expect(error.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { ...item('a'), v: N(1) } },
    ]);
    expect((await target.client.send(new GetItemCommand({ TableName, Key: item('b') }))).Item).toBeUndefined();

    const twice = await rejection(
      target.client.send(
        new TransactWriteItemsCommand({
          TransactItems: [{ Put: { TableName, Item: item('c') } }, { Delete: { TableName, Key: item('c') } }],
        }),
      ),
    );
    expect([twice.name, twice.message]).toEqual(['ValidationException', 'Transaction request cannot include multiple operations on one item']);
  });

  it('reads with TransactGetItems in request order at twice the units', async () => {
    const TableName = target.tableName('tx-get');
    await createTable(target, ticketByStatusTable(TableName));
    await target.client.send(new PutItemCommand({ TableName, Item: { PK: S('p'), SK: S('a'), v: N(1) } }));
    const output = await target.client.send(
      new TransactGetItemsCommand({
        TransactItems: [
          { Get: { TableName, Key: { PK: S('p'), SK: S('a') } } },
          { Get: { TableName, Key: { PK: S('p'), SK: S('missing') } } },
        ],
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(output.Responses).toEqual([{ Item: { PK: S('p'), SK: S('a'), v: N(1) } }, {}]);
    expect(output.ConsumedCapacity?.[0]?.CapacityUnits).toBe(4);
  });

  it('answers a repeated ClientRequestToken without applying twice, and refuses it for another request', async () => {
    const TableName = target.tableName('tx-token');
    await createTable(target, ticketByStatusTable(TableName));
    const Key = { PK: S('p'), SK: S('counter') };
    const request = (by: number) =>
      new TransactWriteItemsCommand({
        TransactItems: [{ Update: { TableName, Key, UpdateExpression: 'ADD n :by', ExpressionAttributeValues: { ':by': N(by) } } }],
        ClientRequestToken: `${TableName}-token`,
      });
    await target.client.send(request(1));
    await target.client.send(request(1));
    expect((await target.client.send(new GetItemCommand({ TableName, Key }))).Item?.n).toEqual(N(1));
    const mismatch = await rejection(target.client.send(request(2)));
    expect(mismatch.name).toBe('IdempotentParameterMismatchException');
  });
});
