/**
 * A trigger on DynamoDB Local's stream, through the AWS SDK's Streams client
 * and a real handler file: the bisect scenario (support/bisect-scenario.ts).
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { oracleClient, oracleUnavailable } from '../../../core/test/support/dynamodb-local.js';
import { parseTriggerSpec } from '../../src/triggers/trigger-spec.js';
import { sdkStreamsApi } from '../../src/triggers/streams-api.js';
import { TriggerSet } from '../../src/triggers/trigger-set.js';
import { createStreamTable, dropTable, expectBisectOutcome, scenarioDone, scenarioFiles, writeItems } from './support/bisect-scenario.js';

describe.skipIf(oracleUnavailable())('a trigger on DynamoDB Local', () => {
  const client = oracleClient();
  const table = `trigger-bisect-${process.pid}`;
  const scenario = scenarioFiles(table);
  let triggers: TriggerSet | undefined;
  afterAll(async () => {
    await triggers?.closeAll();
    await dropTable(client, table);
    client.destroy();
    scenario.cleanup();
  });

  it('retries the failing record alone, delivers the rest once, and writes the failure', async () => {
    await createStreamTable(client, table);
    await writeItems(client, table);
    triggers = new TriggerSet({ api: sdkStreamsApi(client) });
    triggers.add(parseTriggerSpec(scenario.spec));
    await scenarioDone(scenario);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
    expectBisectOutcome(scenario, Table!.LatestStreamArn);
    expect(triggers.list()[0]).toMatchObject({ state: 'running', recordsGivenUp: 1 });
  });
});
