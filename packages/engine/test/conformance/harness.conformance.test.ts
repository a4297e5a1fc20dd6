/**
 * The harness itself, and the pattern to copy: the same tests run against the
 * engine in process, the engine over HTTP, and DynamoDB Local.
 */
import { DescribeTableCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { describeEachTarget } from './targets.js';

describeEachTarget('conformance harness', (target) => {
  it('answers ListTables with a list of names', async () => {
    const output = await target.client.send(new ListTablesCommand({}));
    expect(Array.isArray(output.TableNames)).toBe(true);
  });

  it('answers DescribeTable of a missing table with ResourceNotFoundException', async () => {
    const TableName = target.tableName('harness-missing');
    const error = await target.client.send(new DescribeTableCommand({ TableName })).then(
      () => undefined,
      (thrown: unknown) => thrown as Error & { $metadata?: { httpStatusCode?: number } },
    );
    expect(error?.name).toBe('ResourceNotFoundException');
    expect(error?.$metadata?.httpStatusCode).toBe(400);
    // DynamoDB's message starts "Requested resource not found" (DescribeTable
    // adds ": Table: <name> not found"); DynamoDB Local says "Cannot do
    // operations on a non-existent table" (docs/dynamodb-rules.md#where-dynamodb-local-differs).
    if (target.isDynamoDbLocal) expect(error?.message).toBe('Cannot do operations on a non-existent table');
    else expect(error?.message).toMatch(/^Requested resource not found/);
  });

  it('gives each table name once', () => {
    const first = target.tableName('harness');
    const second = target.tableName('harness');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^[a-zA-Z0-9_.-]{3,255}$/);
  });
});
