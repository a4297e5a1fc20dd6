/**
 * Runs one scenario against two DynamoDB endpoints side by side and returns
 * the first disagreement, or null. Tables get unique names per run so both
 * sides can be long-lived; they are deleted at the end.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { canonical, canonicalText } from './canonical.js';
import { reconcile } from './local-deviations.js';
import { readAllPages, summarizeRead } from './reads.js';
import { createTableInput, indexName, operationInput, readKeyNames } from './requests.js';
import type { Input } from './requests.js';
import type { Operation, Scenario } from './scenario.js';
import { send } from './send.js';

export interface Side {
  name: string;
  client: DynamoDBClient;
  /** DynamoDB Local: its answers get its known deviations reconciled. */
  isDynamoDbLocal: boolean;
}

export interface Disagreement {
  step: number | 'create' | 'final';
  operation: string;
  input: unknown;
  answers: Record<string, unknown>;
}

/** Orderless parts of single-request answers: BatchGet's item lists, per-table capacity lists. */
function orderless(outcome: Record<string, unknown>): unknown {
  const copy = { ...outcome };
  const responses = copy.Responses;
  if (responses !== null && typeof responses === 'object' && !Array.isArray(responses)) {
    copy.Responses = Object.fromEntries(Object.entries(responses).map(([table, list]) => [table, (list as unknown[]).map(canonicalText).sort()]));
  }
  if (Array.isArray(copy.ConsumedCapacity)) copy.ConsumedCapacity = copy.ConsumedCapacity.map(canonicalText).sort();
  return copy;
}

async function answerOf(side: Side, op: Operation, names: string[], scenario: Scenario): Promise<{ operation: string; input: Input; answer: unknown }> {
  const { operation, input } = operationInput(op, names, scenario.tables);
  const { client, isDynamoDbLocal } = side;
  if (op.op === 'query') {
    const keys = readKeyNames(scenario.tables[op.table]!, op.index);
    const result = await readAllPages(client, 'Query', input, 1, isDynamoDbLocal);
    return { operation, input, answer: summarizeRead(result, op.index === undefined ? 'table-query' : 'index-query', keys) };
  }
  if (op.op === 'scan') {
    const result = await readAllPages(client, 'Scan', input, op.segments, isDynamoDbLocal);
    return { operation, input, answer: summarizeRead(result, 'scan', []) };
  }
  const { outcome } = await send(client, operation, input, isDynamoDbLocal);
  return { operation, input, answer: orderless(outcome) };
}

function differ(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) !== JSON.stringify(canonical(b));
}

export async function runScenario(scenario: Scenario, sides: [Side, Side], prefix: string): Promise<Disagreement | null> {
  const names = scenario.tables.map((_, i) => `${prefix}_t${i}`);
  try {
    for (const [i, table] of scenario.tables.entries()) {
      const input = createTableInput(names[i]!, table);
      const [a, b] = await Promise.all(sides.map((s) => send(s.client, 'CreateTable', input)));
      // Creation answers hold dates and ARNs; what must agree is success or the same error.
      const pickCreate = (o: Record<string, unknown>) => ('error' in o ? o : { ok: true });
      if (differ(pickCreate(a!.outcome), pickCreate(b!.outcome))) {
        return { step: 'create', operation: 'CreateTable', input, answers: { [sides[0].name]: a!.outcome, [sides[1].name]: b!.outcome } };
      }
    }
    for (const [step, op] of scenario.operations.entries()) {
      // Sequential, not parallel: each side sees exactly this order of writes.
      const left = await answerOf(sides[0], op, names, scenario);
      const right = await answerOf(sides[1], op, names, scenario);
      // The second side is DynamoDB Local: its known deviations from DynamoDB are reconciled first.
      const { engine, local, diverged } = reconcile(left.operation, left.input, left.answer, right.answer, scenario.tables.map((spec, i) => ({ name: names[i]!, spec })));
      if (differ(engine, local)) {
        return { step, operation: left.operation, input: canonical(left.input), answers: { [sides[0].name]: left.answer, [sides[1].name]: right.answer } };
      }
      // A known DynamoDB Local deviation left the two sides with different items: nothing more to compare.
      if (diverged) return null;
    }
    return await compareFinalState(scenario, sides, names);
  } finally {
    await Promise.all(sides.flatMap((s) => names.map((TableName) => send(s.client, 'DeleteTable', { TableName }))));
  }
}

/** Every table and index read completely at the end: the same items on both sides. */
async function compareFinalState(scenario: Scenario, sides: [Side, Side], names: string[]): Promise<Disagreement | null> {
  for (const [t, table] of scenario.tables.entries()) {
    const targets: (number | undefined)[] = [undefined, ...[...table.gsis, ...table.lsis].map((_, i) => i)];
    for (const index of targets) {
      const input: Input = { TableName: names[t], ...(index === undefined ? {} : { IndexName: indexName(table, index) }) };
      const [a, b] = await Promise.all(sides.map(async (s) => summarizeRead(await readAllPages(s.client, 'Scan', input, 1, s.isDynamoDbLocal), 'scan', [])));
      if (differ(a, b)) return { step: 'final', operation: 'Scan', input, answers: { [sides[0].name]: a, [sides[1].name]: b } };
    }
  }
  return null;
}
