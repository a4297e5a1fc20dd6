/** Creating and adding a GSI with a multi-attribute key through the table routes: every attribute becomes a HASH or RANGE element, in order. */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { byStatusKeySchema } from '../../../core/test/support/multi-attribute-tickets.js';
import { createHarness, tablesPath, type Harness } from './harness.js';

const S = 'S' as const;
const N = 'N' as const;

/** The GSI of the workbench's multi-attribute tests: two partition and two sort attributes of mixed types. */
const BY_STATUS = {
  name: 'ByStatus',
  partitionKeys: [
    { name: 'status', type: S },
    { name: 'priority', type: N },
  ],
  sortKeys: [
    { name: 'createdAt', type: S },
    { name: 'id', type: S },
  ],
};

const KEY_SCHEMA = byStatusKeySchema();

describe('multi-attribute GSI keys through the table routes', () => {
  let h: Harness;
  beforeEach(() => {
    h = createHarness();
  });

  async function indexOf(table: string) {
    const { Table } = await h.client.send(new DescribeTableCommand({ TableName: table }));
    return { index: Table?.GlobalSecondaryIndexes?.[0], definitions: Table?.AttributeDefinitions };
  }

  it('creates a table whose GSI has two HASH and two RANGE elements, each attribute defined once', async () => {
    const created = await h.call<{ request: { wire: { GlobalSecondaryIndexes: { KeySchema: unknown }[] } } }>('POST', tablesPath, {
      name: 'Tickets',
      partitionKey: { name: 'id', type: S },
      globalSecondaryIndexes: [BY_STATUS],
    });
    expect(created.request.wire.GlobalSecondaryIndexes[0]!.KeySchema).toEqual(KEY_SCHEMA);
    const { index, definitions } = await indexOf('Tickets');
    expect(index?.KeySchema).toEqual(KEY_SCHEMA);
    expect(definitions).toHaveLength(4);
    expect(definitions).toContainEqual({ AttributeName: 'priority', AttributeType: 'N' });
  });

  it('adds such a GSI to a table', async () => {
    await h.call('POST', tablesPath, { name: 'Tickets', partitionKey: { name: 'id', type: S } });
    await h.call('PATCH', `${tablesPath}/Tickets`, { createIndex: BY_STATUS });
    expect((await indexOf('Tickets')).index?.KeySchema).toEqual(KEY_SCHEMA);
  });

  it("passes DynamoDB's refusal of a fifth partition attribute through", async () => {
    const five = Array.from({ length: 5 }, (_, at) => ({ name: `p${at}`, type: S }));
    const error = await h.fail('POST', tablesPath, { name: 'Tickets', partitionKey: { name: 'id', type: S }, globalSecondaryIndexes: [{ name: 'Wide', partitionKeys: five }] });
    expect(error.__type).toBe('ValidationException');
    expect(error.message).toContain('Too many partition keys. GSI can have at most 4 partition keys');
  });

  it('refuses an index that gives both partitionKey and partitionKeys, naming the fields', async () => {
    const error = await h.fail('POST', tablesPath, {
      name: 'Tickets',
      partitionKey: { name: 'id', type: S },
      globalSecondaryIndexes: [{ ...BY_STATUS, partitionKey: { name: 'status', type: S } }],
    });
    expect(error.status).toBe(400);
    expect(error.message).toContain('give the index partitionKey, or partitionKeys (a list) for a multi-attribute key, not both');
  });
});
