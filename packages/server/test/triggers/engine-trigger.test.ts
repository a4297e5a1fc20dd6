/**
 * A trigger on the embedded engine's stream, in process, through the AWS
 * SDK's Streams client and a real handler file: the bisect scenario
 * (support/bisect-scenario.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
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

  it('honours a partial batch response: the records before the lowest failed one are done, the rest are sent again', async () => {
    await createStreamTable(client, 'Partial');
    for (const key of ['p1', 'p2', 'p3', 'p4']) await client.send(new PutItemCommand({ TableName: 'Partial', Item: { pk: { S: key } } }));
    const dir = mkdtempSync(join(tmpdir(), 'dynotable-partial-'));
    const handler = join(dir, 'partial.mjs');
    // The first call names p3 (and p4) as failed; every later call succeeds.
    writeFileSync(
      handler,
      `let calls = 0;
      export const handler = async (event) => {
        calls++;
        console.log(event.Records.map((r) => r.dynamodb.Keys.pk.S).join(' '));
        if (calls > 1) return { batchItemFailures: [] };
        return { batchItemFailures: event.Records.filter((r) => ['p3', 'p4'].includes(r.dynamodb.Keys.pk.S)).map((r) => ({ itemIdentifier: r.dynamodb.SequenceNumber })) };
      };\n`,
    );
    try {
      const partialEvents: InvocationEvent[] = [];
      const unwatch = triggers.watch((event) => event.kind === 'invocation' && event.table === 'Partial' && partialEvents.push(event));
      triggers.add(parseTriggerSpec(`Partial=${handler},start=TRIM_HORIZON,reportFailures=true,retries=3`));
      await expect.poll(() => partialEvents.filter((event) => event.outcome === 'success').length).toBe(1);
      unwatch();
      expect(partialEvents.map((event) => [event.outcome, event.output.map((line) => line.text)])).toEqual([
        ['partial', ['p1 p2 p3 p4']],
        ['success', ['p3 p4']],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

