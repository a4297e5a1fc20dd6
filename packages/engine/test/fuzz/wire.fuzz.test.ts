/**
 * Fuzzes the wire layer with valid and mutated requests of every operation:
 * no 500, no hang, every answer DynamoDB-shaped, no data changed by a
 * rejected request. Reproducible: FUZZ_SEED (default 20260115) and
 * FUZZ_COUNT (default 12000 in process, plus FUZZ_HTTP_COUNT over HTTP;
 * `npm run test:deep` sends 500,000).
 */
import { Agent } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine.js';
import { startEngineServer } from '../../src/wire/http-server.js';
import type { EngineServer } from '../../src/wire/http-server.js';
import { fuzz } from './runner.js';
import type { FuzzStats } from './runner.js';
import { direct, inProcess, overHttp } from './transports.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20260115);
const COUNT = Number(process.env.FUZZ_COUNT ?? 12_000);
const HTTP_COUNT = Number(process.env.FUZZ_HTTP_COUNT ?? 2000);
const IN_PROCESS_COUNT = Math.ceil(COUNT / 10);

function report(stats: FuzzStats): string[] {
  return stats.failures.map((failure) => `#${failure.index} (seed ${failure.seed}) ${failure.target}: ${failure.problem}\n  body: ${failure.body}`);
}

function expectClean(stats: FuzzStats, count: number): void {
  console.info(
    `fuzz: ${stats.sent} sent, ${stats.accepted} accepted, ${stats.rejected} rejected, ${stats.dumpsCompared} data dumps compared, slowest ${Math.round(stats.slowestMs)} ms`,
  );
  expect(report(stats)).toEqual([]);
  expect(stats.sent).toBe(count);
  // Both kinds of answer are exercised, so neither check is vacuous.
  expect(stats.accepted).toBeGreaterThan(count / 20);
  expect(stats.rejected).toBeGreaterThan(count / 2);
  expect(stats.dumpsCompared).toBeGreaterThan(0);
}

describe('wire fuzzing', () => {
  it(`answers ${COUNT - IN_PROCESS_COUNT} requests through handleWireRequest`, { timeout: 600_000 }, async () => {
    const count = COUNT - IN_PROCESS_COUNT;
    expectClean(await fuzz(SEED, count, direct), count);
  });

  it(`answers ${IN_PROCESS_COUNT} requests through the SDK's in-process handler`, { timeout: 600_000 }, async () => {
    expectClean(await fuzz(SEED + 1, IN_PROCESS_COUNT, inProcess), IN_PROCESS_COUNT);
  });

  let server: EngineServer | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(async () => {
    agent.destroy();
    await server?.close();
  });

  it(`answers ${HTTP_COUNT} requests over HTTP`, { timeout: 600_000 }, async () => {
    // The server's engine follows whichever world the fuzzer is in.
    let current: Engine | undefined;
    const follower: Engine = {
      execute: (operation, input) => current!.execute(operation, input),
      supports: (operation) => current!.supports(operation),
      get context() {
        return current!.context;
      },
      close() {},
    };
    const logged: unknown[] = [];
    server = await startEngineServer({ engine: follower, log: (error) => logged.push(error) });
    const send = overHttp(server.url, agent);
    const stats = await fuzz(SEED + 2, HTTP_COUNT, (engine, request, log) => {
      current = engine;
      const before = logged.length;
      return send(engine, request, log).finally(() => logged.slice(before).forEach(log));
    });
    expectClean(stats, HTTP_COUNT);
  });
});
