/**
 * The randomized differential test: random tables and random sequences of item
 * operations run side by side on the engine (in process, a quarter of its
 * requests gzip-compressed) and on DynamoDB Local; every answer must agree
 * (see ../differential/ for what is compared and what DynamoDB leaves unordered). Counts and replay: ../differential/settings.ts.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, inProcessClientConfig } from '@dynotable/engine';
import { createClient, oracleInfo } from '../../../core/test/support/dynamodb-local.js';
import { scenarioArb } from '../differential/arbitraries.js';
import { runScenario } from '../differential/runner.js';
import { gzipSomeRequests } from '../differential/send.js';
import type { Disagreement, Side } from '../differential/runner.js';
import { differentialSettings } from '../differential/settings.js';
import { Survey } from '../differential/survey.js';

const settings = differentialSettings();
const endpoint = oracleInfo().endpoint;
const RUN_ID = Math.random().toString(36).slice(2, 7);

describe.skipIf(endpoint === null)('engine and DynamoDB Local agree on random operation sequences', () => {
  let sides: [Side, Side];
  const engine = createEngine({ region: 'us-east-1' });

  beforeAll(() => {
    const subject =
      settings.subject === undefined
        ? // A quarter of the engine's requests arrive gzip-compressed: decoding them must change no answer.
          gzipSomeRequests(new DynamoDBClient({ ...inProcessClientConfig(engine), maxAttempts: 1 }))
        : createClient(settings.subject);
    sides = [
      { name: settings.subject ?? 'engine', client: subject, isDynamoDbLocal: false },
      { name: 'dynamodb-local', client: createClient(endpoint!), isDynamoDbLocal: true },
    ];
  });

  afterAll(() => {
    for (const side of sides) side.client.destroy();
    engine.close();
  });

  /** One stream of scenarios: its own seed, so that a failure replays alone with DIFFERENTIAL_SEED and DIFFERENTIAL_PATH. */
  async function stream(index: number, runs: number): Promise<void> {
    let counter = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb(settings.operations, { invalidInputs: settings.invalidInputs }), async (scenario) => {
        counter++;
        const last: Disagreement | null = await runScenario(scenario, sides, `diff-${RUN_ID}-${index}-${counter}`);
        // The assertion message carries the whole disagreement, so a shrunk failure explains itself.
        expect(last, JSON.stringify(last, null, 1)).toBeNull();
      }),
      // Every one of the scenarios runs: no time limit that would make the count depend on the machine's speed.
      { numRuns: runs, seed: settings.seed + index, path: settings.path, endOnFailure: false },
    );
  }

  it.skipIf(settings.survey)(
    `answers alike over ${settings.runs} scenarios (${settings.streams} streams from seed ${settings.seed})`,
    async () => {
      // Streams side by side keep both sides busy: while one waits for DynamoDB Local, the other runs.
      // Scenarios use tables of their own, so streams never see each other's writes.
      const share = (index: number) => Math.floor(settings.runs / settings.streams) + (index < settings.runs % settings.streams ? 1 : 0);
      const results = await Promise.allSettled(Array.from({ length: settings.streams }, (_, index) => stream(index, share(index))));
      const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
      if (failures.length > 0) throw failures[0];
    },
    900_000,
  );

  it.runIf(settings.survey)(
    'survey: every disagreement by kind (DIFFERENTIAL_SURVEY=1)',
    async () => {
      const survey = new Survey();
      const scenarios = fc.sample(scenarioArb(settings.operations, { invalidInputs: settings.invalidInputs }), { numRuns: settings.runs, seed: settings.seed });
      for (const [i, scenario] of scenarios.entries()) survey.add(scenario, await runScenario(scenario, sides, `survey-${RUN_ID}-${i}`));
      console.log(survey.report());
    },
    1_800_000,
  );
});
