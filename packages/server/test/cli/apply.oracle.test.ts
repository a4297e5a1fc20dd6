/** `dynotable apply`, `diff` and `undo` of the sample load on DynamoDB Local, through the shipped command (apply-suite.ts). */
import { DeleteTableCommand, DescribeTableCommand, DynamoDBClient, ScanCommand, UpdateTableCommand, type UpdateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { describe } from 'vitest';
import { oracleEndpoint, oracleUnavailable } from '../../../core/test/support/dynamodb-local.js';
import { applySuite } from './apply-suite.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** DynamoDB Local runs with -sharedDb: any key sees the command's tables. */
const client = () => new DynamoDBClient({ endpoint: oracleEndpoint(), region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, maxAttempts: 3 });

describe.skipIf(oracleUnavailable())('dynotable apply and diff on DynamoDB Local', () =>
  applySuite({
    flags: () => ['--endpoint', oracleEndpoint()],
    label: () => new RegExp(escape(oracleEndpoint())),
    // The instance is shared by the whole oracle run: tables of this run's own.
    prefix: `apply${Date.now().toString(36)}_`,
    count: async (_folder, table) => {
      const dynamo = client();
      try {
        await dynamo.send(new DescribeTableCommand({ TableName: table }));
        let count = 0;
        let start: Record<string, never> | undefined;
        do {
          const page = await dynamo.send(new ScanCommand({ TableName: table, Select: 'COUNT', ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) }));
          count += page.Count ?? 0;
          start = page.LastEvaluatedKey as Record<string, never> | undefined;
        } while (start !== undefined);
        return count;
      } catch (error) {
        if ((error as Error).name === 'ResourceNotFoundException') return undefined;
        throw error;
      } finally {
        dynamo.destroy();
      }
    },
    send: async (_folder, operation, input) => {
      if (operation !== 'UpdateTable') throw new Error(`unexpected ${operation}`);
      const dynamo = client();
      try {
        await dynamo.send(new UpdateTableCommand(input as unknown as UpdateTableCommandInput));
        // A new GSI is CREATING for a moment: the diff after it waits until it is ACTIVE.
        for (let attempt = 0; attempt < 100; attempt++) {
          const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: input['TableName'] as string }));
          if ((Table?.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE')) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        dynamo.destroy();
      }
    },
    cleanup: async (tables) => {
      if (oracleUnavailable()) return;
      const dynamo = client();
      for (const table of tables) await dynamo.send(new DeleteTableCommand({ TableName: table })).catch(() => undefined);
      dynamo.destroy();
    },
  }));
