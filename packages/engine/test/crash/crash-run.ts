/**
 * The crash run: an engine process on a data directory, several clients
 * writing, a SIGKILL after a seeded random delay, a restart on the same
 * directory and a full check of what survived; again and again. Some kills
 * land while the engine is starting (opening and recovering the directory),
 * some while UpdateTable creates (and backfills) or deletes a global index.
 *
 * The seed fixes every request, value and delay; where a kill lands among the
 * requests still depends on the machine's timing, which is why the model
 * settles each in-flight write from what it finds after the restart.
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { crashClient, runClient } from './client.js';
import { EngineProcess, startEngine } from './child.js';
import type { Runner } from './child.js';
import { IndexChurn } from './index-churn.js';
import { Model } from './model.js';
import { Random } from './random.js';
import { createTableInput, TABLES } from './schema.js';
import { readSnapshot } from './snapshot.js';
import { ownedKeys } from './values.js';
import { streamsClient, verifyStreams } from './stream-check.js';
import { verifySnapshot } from './verify.js';
import { WriteFactory } from './writes.js';

export interface CrashRunOptions {
  seed: number;
  /** Kills while clients write. */
  kills: number;
  clients: number;
  /** Keys each client owns in each table. */
  usersPerClient: number;
  eventsPerClient: number;
  /** The writes before each kill last a random time in this range. */
  minDelayMs: number;
  maxDelayMs: number;
  /** Chance that a restart is itself killed during start-up before the real restart. */
  startupKillChance: number;
  /** Chance that a lifecycle also creates or deletes a global index, shortly before its kill. */
  indexChurnChance: number;
  /** Arguments for the engine process: `--data DIR`, or `--in-memory` to watch the checks fail. */
  engineArgs: string[];
  runner: Runner;
  /** Reproduction hint for failure messages, e.g. `CRASH_SEED=1 CRASH_KILLS=100`. */
  reproduce: string;
  log?: (line: string) => void;
}

export interface CrashRunSummary {
  kills: number;
  startupKills: number;
  writesSent: number;
  acknowledged: number;
  rejected: number;
  inFlightApplied: number;
  inFlightNotApplied: number;
  keysChecked: number;
  indexEntriesChecked: number;
  indexChanges: number;
  /** Stream records read back after the last restart, and the shards they were in. */
  streamRecords: number;
  streamShards: number;
}

const SHOWN_FAILURES = 8;

class CrashTestFailure extends Error {
  override name = 'CrashTestFailure';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function runCrashTest(options: CrashRunOptions): Promise<CrashRunSummary> {
  const random = new Random(options.seed);
  const delays = random.fork();
  const model = new Model();
  const factories = Array.from(
    { length: options.clients },
    (_, client) => new WriteFactory(client, random.fork(), model, ownedKeys(client, options.usersPerClient, options.eventsPerClient)),
  );
  const summary: CrashRunSummary = {
    kills: 0,
    startupKills: 0,
    writesSent: 0,
    acknowledged: 0,
    rejected: 0,
    inFlightApplied: 0,
    inFlightNotApplied: 0,
    keysChecked: 0,
    indexEntriesChecked: 0,
    indexChanges: 0,
    streamRecords: 0,
    streamShards: 0,
  };
  const churn = new IndexChurn();

  const fail = (failures: string[], when: string): never => {
    const shown = failures.slice(0, SHOWN_FAILURES).join('\n\n');
    const more = failures.length > SHOWN_FAILURES ? `\n\n... and ${failures.length - SHOWN_FAILURES} more` : '';
    throw new CrashTestFailure(
      `crash test failed ${when} (reproduce with ${options.reproduce}; engine ${options.engineArgs.join(' ')}):\n\n${shown}${more}` +
        `\n\nlast index change: ${churn.lastChange}`,
    );
  };

  const start = async (): Promise<{ engine: EngineProcess; client: DynamoDBClient; endpoint: string }> => {
    try {
      const { engine, port } = await startEngine(options.runner, options.engineArgs);
      const endpoint = `http://127.0.0.1:${port}`;
      return { engine, client: crashClient(endpoint), endpoint };
    } catch (error) {
      return fail([(error as Error).message], `restarting after kill #${summary.kills}`);
    }
  };

  const verify = async (client: DynamoDBClient, endpoint: string) => {
    const indexFailures: string[] = [];
    let tables;
    let snapshot;
    try {
      tables = await churn.settle(client, summary.kills, indexFailures);
      snapshot = await readSnapshot(client, tables);
    } catch (error) {
      return fail([...indexFailures, (error as Error).message], `after kill #${summary.kills}`);
    }
    const { failures: dataFailures, totals } = verifySnapshot(model, tables, snapshot, summary.kills);
    const streams = streamsClient(endpoint);
    let streamFailures: string[];
    try {
      const checked = await verifyStreams(client, streams, model, tables, summary.kills);
      streamFailures = checked.failures;
      summary.streamRecords = checked.totals.records;
      summary.streamShards = checked.totals.shards;
    } catch (error) {
      streamFailures = [`after kill #${summary.kills}: reading the streams failed: ${(error as Error).name}: ${(error as Error).message}`];
    } finally {
      streams.destroy();
    }
    const failures = [...indexFailures, ...dataFailures, ...streamFailures];
    summary.inFlightApplied += totals.inFlightApplied;
    summary.inFlightNotApplied += totals.inFlightNotApplied;
    summary.keysChecked += totals.keysChecked;
    summary.indexEntriesChecked += totals.indexEntriesChecked;
    if (failures.length > 0) fail(failures, `after kill #${summary.kills}`);
  };

  let { engine, client, endpoint: current } = await start();
  try {
    for (const table of TABLES) await client.send(new CreateTableCommand(createTableInput(table)));
    await verify(client, current);
    while (summary.kills < options.kills) {
      const lifecycle = summary.kills;
      const endpoint = `http://127.0.0.1:${(await engine.ready)!}`;
      const failures: string[] = [];
      let killed = false;
      const clients = factories.map(() => crashClient(endpoint));
      const running = factories.map((factory, i) =>
        runClient({ client: clients[i]!, factory, model, lifecycle, failures, stopped: () => killed || failures.length > 0 }),
      );
      // The delay starts at this lifetime's first acknowledged write, so the kill lands among
      // writes however slowly a busy machine brings the clients up.
      const acknowledgedBefore = model.counts.acknowledged;
      for (let waited = 0; model.counts.acknowledged === acknowledgedBefore && failures.length === 0 && waited < 10_000; waited += 5) await sleep(5);
      const delay = delays.int(options.minDelayMs, options.maxDelayMs);
      const admin = crashClient(endpoint);
      // An index change is sent after the delay and the kill follows within
      // milliseconds, to land while the engine saves and backfills the index.
      const changeIndex = delays.chance(options.indexChurnChance);
      const indexChange = changeIndex ? sleep(delay).then(() => churn.toggle(admin, lifecycle, failures)) : Promise.resolve();
      await sleep(changeIndex ? delay + delays.int(0, 25) : delay);
      await engine.kill();
      killed = true;
      summary.kills++;
      for (const { sent } of await Promise.all(running)) summary.writesSent += sent;
      await indexChange;
      for (const c of [...clients, admin]) c.destroy();
      client.destroy();
      if (failures.length > 0) fail(failures, `while writing before kill #${summary.kills}`);

      if (delays.chance(options.startupKillChance)) {
        const starting = new EngineProcess(options.runner, options.engineArgs);
        await sleep(delays.int(0, 400));
        const exit = await starting.kill();
        summary.startupKills++;
        if (exit.signal !== 'SIGKILL') {
          fail([`the engine exited by itself while starting (code ${exit.code})\n  stderr: ${starting.stderr.trim()}`], `after kill #${summary.kills}`);
        }
      }
      ({ engine, client, endpoint: current } = await start());
      await verify(client, current);
      if (summary.kills % 10 === 0) options.log?.(`kill #${summary.kills}: ${summary.writesSent} writes sent, all checks passed`);
    }
  } finally {
    client.destroy();
    await engine.kill();
  }
  summary.acknowledged = model.counts.acknowledged;
  summary.rejected = model.counts.rejected;
  summary.indexChanges = churn.changes;
  return summary;
}
