/**
 * Runs batches of cases on DynamoDB Local and on core, several requests in
 * flight, and fails with a readable report of the first disagreement (or, in
 * survey mode, of every kind of disagreement).
 */
import fc from 'fast-check';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { oracleRun } from '../seed.js';
import { mapConcurrent } from '../tables.js';
import { show } from './canonical.js';
import type { CaseTarget, ExpressionCase, Outcome } from './runners.js';

const IN_FLIGHT = 16;
const BATCH = 50;

export interface Differential<C> {
  name: string;
  cases: fc.Arbitrary<C>;
  dynamo(target: CaseTarget, c: C): Promise<Outcome>;
  core(target: CaseTarget, c: C): Outcome | Promise<Outcome>;
  /** Compare only some disagreements away, each with the reason (a known DynamoDB Local difference). */
  excuse?(dynamo: Outcome, core: Outcome, c: C): string | null;
}

let keyCounter = 0;

function describeCase(c: ExpressionCase): string {
  return [
    `  expression: ${c.expression.text}`,
    `  names:      ${show(c.expression.names)}`,
    `  values:     ${show(c.expression.values)}`,
    `  item:       ${c.item === undefined ? '(none)' : show(c.item)}`,
  ].join('\n');
}

/** The shape of a disagreement: both answers with values and paths blanked out, to group alike cases. */
function signature(dynamo: Outcome, core: Outcome): string {
  const blank = (outcome: Outcome) =>
    outcome.startsWith('ok ') ? 'ok <item>' : outcome.replace(/(:|keyword|function|operator|type|path one|path two|token|near)\b.*$/, '$1 …');
  return `DynamoDB Local: ${blank(dynamo)}\n  core:           ${blank(core)}`;
}

/**
 * Survey mode (ORACLE_SURVEY=1): run every case without stopping or shrinking
 * and print one smallest example of each kind of disagreement, for a report.
 */
async function surveyDifferential<C extends ExpressionCase>(client: DynamoDBClient, table: string, differential: Differential<C>, total: number, fixedSeed: number): Promise<Map<string, number>> {
  const distribution = new Map<string, number>();
  const { seed } = oracleRun(differential.name, fixedSeed, total);
  const cases = fc.sample(differential.cases, { seed, numRuns: total });
  const results = await mapConcurrent(cases, IN_FLIGHT, async (c) => {
    const target = { client, table, key: `${differential.name}-${keyCounter++}` };
    return { c, dynamo: await differential.dynamo(target, c), core: await differential.core(target, c) };
  });
  const groups = new Map<string, { count: number; example: string; size: number }>();
  for (const { c, dynamo, core } of results) {
    const bucket = dynamo.startsWith('ok ') ? 'ok' : dynamo.replace(/(: [^:;]*).*$/, '$1');
    distribution.set(bucket, (distribution.get(bucket) ?? 0) + 1);
    if (dynamo === core || differential.excuse?.(dynamo, core, c)) continue;
    const key = signature(dynamo, core);
    const example = `${describeCase(c)}\n  DynamoDB Local: ${dynamo}\n  core:           ${core}`;
    const group = groups.get(key);
    if (group === undefined || example.length < group.size) {
      groups.set(key, { count: (group?.count ?? 0) + 1, example, size: example.length });
    } else {
      group.count += 1;
    }
  }
  const report = [...groups.values()].map((g) => `${g.count} case(s) like:\n${g.example}`).join('\n\n');
  if (groups.size > 0) {
    throw new Error(`${differential.name}: ${groups.size} kinds of disagreement in ${total} cases\n\n${report}`);
  }
  return distribution;
}

/**
 * Checks about `total` cases in batches (batch sizes vary so that a failing
 * batch shrinks to one case); returns how the DynamoDB Local outcomes were
 * distributed, to show the cases are not all trivially rejected.
 */
export async function checkDifferential<C extends ExpressionCase>(client: DynamoDBClient, table: string, differential: Differential<C>, total: number, fixedSeed: number): Promise<Map<string, number>> {
  if (process.env.ORACLE_SURVEY) return surveyDifferential(client, table, differential, total, fixedSeed);
  const distribution = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(// At least one case, so fast-check can shrink a failing batch to its one culprit.
    fc.array(differential.cases, { minLength: 1, maxLength: BATCH, size: 'max' }), async (batch) => {
      const results = await mapConcurrent(batch, IN_FLIGHT, async (c) => {
        const target = { client, table, key: `${differential.name}-${keyCounter++}` };
        const dynamo = await differential.dynamo(target, c);
        const core = await differential.core(target, c);
        return { c, dynamo, core };
      });
      for (const { c, dynamo, core } of results) {
        const bucket = dynamo.startsWith('ok ') ? 'ok' : dynamo.replace(/(: [^:;]*).*$/, '$1');
        distribution.set(bucket, (distribution.get(bucket) ?? 0) + 1);
        if (dynamo === core || differential.excuse?.(dynamo, core, c)) continue;
        throw new Error(
          `${differential.name}: DynamoDB Local and core disagree\n${describeCase(c)}\n  DynamoDB Local: ${dynamo}\n  core:           ${core}\n` +
            '(ORACLE_SURVEY=1 lists every kind of disagreement instead of stopping at the first)',
        );
      }
    }),
    { ...oracleRun(differential.name, fixedSeed, Math.ceil((2 * total) / (BATCH + 1))), endOnFailure: false },
  );
  return distribution;
}
