/**
 * A trigger on the embedded engine's stream, in process, through the AWS
 * SDK's Streams client and a real handler file: the bisect scenario
 * (support/bisect-scenario.ts).
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createEngine, inProcessClientConfig } from '@dynotable/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTriggerSpec } from '../../src/triggers/trigger-spec.js';
import { sdkStreamsApi } from '../../src/triggers/streams-api.js';
import { TriggerSet } from '../../src/triggers/trigger-set.js';
import type { InvocationEvent, TriggerEvent } from '../../src/triggers/trigger-types.js';
import { createStreamTable, expectBisectOutcome, scenarioDone, scenarioFiles, writeItems } from './support/bisect-scenario.js';

describe('a trigger on the embedded engine', () => {
  const engine = createEngine();
  const client = new DynamoDBClient(inProcessClientConfig(engine));
  const scenario = scenarioFiles('Orders');
  const triggers = new TriggerSet({ api: sdkStreamsApi(client) });
  const events: TriggerEvent[] = [];
  triggers.watch((event) => events.push(event));
  afterAll(async () => {
    await triggers.closeAll();
    client.destroy();
    engine.close();
    scenario.cleanup();
  });

  it('retries the failing record alone, delivers the rest once, writes the failure, and keeps each call\'s output', async () => {
    await createStreamTable(client, 'Orders');
    await writeItems(client, 'Orders');
    triggers.add(parseTriggerSpec(scenario.spec));
    await scenarioDone(scenario);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'Orders' }));
    expectBisectOutcome(scenario, Table!.LatestStreamArn);
    const calls = events.filter((event): event is InvocationEvent => event.kind === 'invocation');
    expect(calls[0]!.output).toEqual([{ stream: 'stdout', text: 'handling a b X d e' }]);
    expect(calls[0]).toMatchObject({ outcome: 'error', records: 5, retry: 0, bisected: false, error: { type: 'Error', message: 'cannot handle X' } });
    expect(events.filter((event) => event.kind === 'failure')).toHaveLength(1);
  });
});
