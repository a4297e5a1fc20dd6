/**
 * The randomized differential test: random tables and random sequences of item
 * operations run side by side on the engine (in process) and on DynamoDB
 * Local; every answer must agree (see ../differential/ for what is compared
 * and what DynamoDB leaves unordered). Counts and replay: ../differential/settings.ts.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, inProcessClientConfig } from '@dynotable/engine';
import { createClient, oracleInfo } from '../../../core/test/support/dynamodb-local.js';
import { scenarioArb } from '../differential/arbitraries.js';
import { runScenario } from '../differential/runner.js';
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
        ? new DynamoDBClient({ ...inProcessClientConfig(engine), maxAttempts: 1 })
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

  it.skipIf(settings.survey)(
    `answers alike over ${settings.runs} scenarios (seed ${settings.seed})`,
    async () => {
      let counter = 0;
      let last: Disagreement | null = null;
      await fc.assert(
        fc.asyncProperty(scenarioArb(settings.operations, { invalidInputs: settings.invalidInputs }), async (scenario) => {
          counter++;
          last = await runScenario(scenario, sides, `diff-${RUN_ID}-${counter}`);
          // The assertion message carries the whole disagreement, so a shrunk failure explains itself.
          expect(last, JSON.stringify(last, null, 1)).toBeNull();
        }),
        // Every one of the scenarios runs: no time limit that would make the count depend on the machine's speed.
        { numRuns: settings.runs, seed: settings.seed, path: settings.path, endOnFailure: false },
      );
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
