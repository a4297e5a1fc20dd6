/**
 * Runs one access pattern as its one GetItem or Query, following every page,
 * and compares the answer with the expected one.
 */
import type { EntitySpec, Model, PatternMeaning, PatternPlan } from '../model/types.js';
import type { Item } from '../values/types.js';
import { itemFromWire } from '../values/wire.js';
import { requestForPlan } from '../design/index.js';
import { toWireRequest } from '../request-code/wire-request.js';
import { compareAnswer, type AnswerMismatch } from './compare.js';
import { expectedAnswer, type PatternArguments } from './expected.js';
import { itemIdentity, plainItem, recordIdentity } from './sample-items.js';
import type { SampleRecord } from './samples.js';
import type { VerifyTarget } from './target.js';

export interface PatternRun {
  readonly arguments: Record<string, unknown>;
  readonly pages: number;
  readonly items: number;
  readonly expectedItems: number;
  readonly readUnits: number;
  readonly mismatch?: AnswerMismatch & { readonly expectedItem?: Record<string, unknown>; readonly actualItem?: Record<string, unknown> };
  /** The request was refused: DynamoDB's error type and message. */
  readonly error?: string;
}

/** The flat argument object the plan's request takes: equality values and `<attr>From`/`<attr>To`. */
function planArguments(meaning: PatternMeaning, args: PatternArguments): Record<string, unknown> {
  const flat: Record<string, unknown> = { ...args.equals };
  if (meaning.between !== undefined && args.range !== undefined) {
    flat[`${meaning.between}From`] = args.range.from;
    flat[`${meaning.between}To`] = args.range.to;
  }
  return flat;
}

/** What one pattern run works with. */
export interface PatternRunInput {
  readonly target: VerifyTarget;
  readonly model: Model;
  readonly entity: EntitySpec;
  readonly plan: PatternPlan;
  readonly meaning: PatternMeaning;
  readonly records: readonly SampleRecord[];
  readonly args: PatternArguments;
  readonly tableName: string;
}

export async function runPattern(input: PatternRunInput): Promise<PatternRun> {
  const { entity, meaning, records, args } = input;
  const flat = planArguments(meaning, args);
  try {
    return await runRequest(input, flat);
  } catch (error) {
    // A refused request is a failed check (reversed BETWEEN bounds from an unsortable key, say), not a crash.
    if (!(error instanceof Error) || error.name === 'Error' || error.name === 'TypeError') throw error;
    const expected = expectedAnswer(entity, meaning, records, args);
    return { arguments: plainArguments(flat), pages: 0, items: 0, expectedItems: expected.count, readUnits: 0, error: `${error.name}: ${error.message}` };
  }
}

async function runRequest(
  { target, model, entity, plan, meaning, records, args, tableName }: PatternRunInput,
  flat: Record<string, unknown>,
): Promise<PatternRun> {
  const request = toWireRequest(requestForPlan(model, plan, flat).params);
  request['TableName'] = tableName;
  request['ReturnConsumedCapacity'] = 'TOTAL';
  const items: Item[] = [];
  let pages = 0;
  let readUnits = 0;
  if (plan.operation === 'GetItem') {
    const output = (await target.execute('GetItem', request)) as { Item?: unknown; ConsumedCapacity?: { CapacityUnits?: number } };
    pages = 1;
    readUnits = output.ConsumedCapacity?.CapacityUnits ?? 0;
    if (output.Item !== undefined) items.push(itemFromWire(output.Item));
  } else {
    let startKey: unknown;
    do {
      const output = (await target.execute(plan.operation, startKey === undefined ? request : { ...request, ExclusiveStartKey: startKey })) as {
        Items?: unknown[];
        LastEvaluatedKey?: unknown;
        ConsumedCapacity?: { CapacityUnits?: number };
      };
      pages++;
      readUnits += output.ConsumedCapacity?.CapacityUnits ?? 0;
      for (const item of output.Items ?? []) items.push(itemFromWire(item));
      startKey = output.LastEvaluatedKey;
      // "Top N" is one page of N: stop once the limit is reached.
    } while (startKey !== undefined && (plan.limit === undefined || items.length < plan.limit));
  }
  const expected = expectedAnswer(entity, meaning, records, args);
  const actual = items.map((item) => ({ identity: itemIdentity(entity, item), item: plainItem(item) }));
  const mismatch = compareAnswer(expected, actual, (record) => recordIdentity(entity, record));
  const run: PatternRun = { arguments: plainArguments(flat), pages, items: items.length, expectedItems: expected.count, readUnits };
  if (mismatch === undefined) return run;
  return {
    ...run,
    mismatch: { ...mismatch, expectedItem: mismatch.expected?.values as Record<string, unknown> | undefined, actualItem: mismatch.actual?.item },
  };
}

function plainArguments(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [name, value instanceof Uint8Array ? `<${value.length} bytes>` : value]));
}
