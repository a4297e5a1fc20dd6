/**
 * `dynotable engine --trigger`, as `npx dynotable` runs it (the bundle), cold
 * then warm: a handler file that throws on one record gets that record retried
 * alone (bisect), the rest delivered once, and the failure written to the
 * on-failure file and printed; the handler's output is printed with its call.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createStreamTable, expectBisectOutcome, scenarioDone, scenarioFiles, writeItems } from '../triggers/support/bisect-scenario.js';
import { bundledCommand, CACHE_STATES } from './support/bundled-command.js';

// Every run is `dynotable engine`: the engine's own bundle and cache.
const command = bundledCommand('engine');
afterAll(() => command.remove());

async function started(engine: ChildProcessWithoutNullStreams, output: { text: string }): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    engine.stdout.setEncoding('utf8').on('data', (text: string) => {
      output.text += text;
      const match = output.text.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    });
    engine.stderr.setEncoding('utf8').on('data', (text: string) => (output.text += text));
    engine.once('exit', (code) => reject(new Error(`dynotable engine exited with ${String(code)}:\n${output.text}`)));
  });
}

describe('dynotable engine --trigger', () => {
  it.each(CACHE_STATES)('runs the handler on the stream with bisect, retries and an on-failure file (%s)', async (state) => {
    const checkCache = command.expectCache(state);
    const scenario = scenarioFiles('Orders');
    const engine = command.start(['engine', '--port', '0', '--in-memory', '--trigger', scenario.spec]);
    const output = { text: '' };
    const client = (endpoint: string) => new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
    let sdk: DynamoDBClient | undefined;
    try {
      sdk = client(await started(engine, output));
      await createStreamTable(sdk, 'Orders');
      await writeItems(sdk, 'Orders');
      await scenarioDone(scenario);
      const { Table } = await sdk.send(new DescribeTableCommand({ TableName: 'Orders' }));
      expectBisectOutcome(scenario, Table!.LatestStreamArn);
      // Printed live: each call, the handler's output under it, the record given up.
      await expect.poll(() => output.text).toContain('gave up 1 record');
      // How the stream's records fall into batches depends on when they are polled: the lines are matched whatever the batches were.
      expect(output.text).toMatch(/\[trigger t1 Orders\] \d+ records \(\d+–\d+\) → Error: cannot handle X/);
      expect(output.text).toMatch(/ {4}\| handling (\w )*X/);
      expect(output.text).toMatch(/\[trigger t1 Orders\] 1 record \(\d+\) \[retry 2, bisected\] → Error: cannot handle X/);
      expect(output.text).toMatch(/gave up 1 record \(\d+\) after \d+ calls: Error: cannot handle X/);
    } finally {
      sdk?.destroy();
      const exited = new Promise<number | null>((resolve) => engine.once('exit', resolve));
      engine.kill('SIGTERM');
      expect(await exited).toBe(0);
      scenario.cleanup();
    }
    expect(output.text).toContain('DynoTable engine stopped.');
    checkCache();
  });

  it('refuses a trigger it cannot read, naming the option, before it starts', async () => {
    const ran = await command.run(['engine', '--trigger', 'Orders=./h.mjs,batchSize=0']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('--trigger batchSize must be a whole number from 1 to 10000 (got 0)');
  });
});
