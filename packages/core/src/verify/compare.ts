/**
 * Actual against expected: the same items, in the asked order. Items that tie
 * on the order attribute may come in any order among themselves (DynamoDB
 * orders them by the rest of the key), and a limit that cuts a group of ties
 * may return any of them.
 */
import type { ExpectedAnswer } from './expected.js';
import type { SampleRecord } from './samples.js';

export interface ActualItem {
  /** The identity of the item, as identityOf gives it for a sample record; undefined when it is no item of the entity. */
  readonly identity: string | undefined;
  /** The item as returned, in plain JSON, for the report. */
  readonly item: Readonly<Record<string, unknown>>;
}

export interface AnswerMismatch {
  /** Zero-based position of the first difference. */
  readonly position: number;
  readonly expected?: SampleRecord;
  readonly actual?: ActualItem;
  readonly reason: string;
}

export function compareAnswer(expected: ExpectedAnswer, actual: readonly ActualItem[], identityOf: (record: SampleRecord) => string): AnswerMismatch | undefined {
  const wanted = expected.records;
  // Without an order, any `count` of the selected items is a right answer.
  if (!expected.ordered) return compareSets(wanted, actual, identityOf, expected.count);

  for (let position = 0; position < Math.max(expected.count, actual.length); position++) {
    const item = actual[position];
    if (position >= expected.count) return { position, actual: item, reason: `returned ${actual.length} items, expected ${expected.count}` };
    const record = wanted[position]!;
    if (item === undefined) return { position, expected: record, reason: `returned ${actual.length} items, expected ${expected.count}` };
    const group = expected.groups[position];
    const allowed = wanted.filter((_, i) => expected.groups[i] === group).map(identityOf);
    if (item.identity === undefined || !allowed.includes(item.identity)) {
      const where = wanted.findIndex((r) => identityOf(r) === item.identity);
      const reason = item.identity === undefined ? 'an item that is not part of the answer' : where === -1 ? 'an item the question does not select' : `an item expected at position ${where + 1}`;
      return { position, expected: record, actual: item, reason };
    }
    if (actual.slice(0, position).some((earlier) => earlier.identity === item.identity)) {
      return { position, expected: record, actual: item, reason: 'the same item twice' };
    }
  }
  return undefined;
}

function compareSets(wanted: readonly SampleRecord[], actual: readonly ActualItem[], identityOf: (record: SampleRecord) => string, count: number): AnswerMismatch | undefined {
  const ids = new Set(wanted.map(identityOf));
  const seen = new Set<string>();
  for (const [position, item] of actual.entries()) {
    if (item.identity === undefined || !ids.has(item.identity)) return { position, actual: item, reason: 'an item the question does not select' };
    if (seen.has(item.identity)) return { position, actual: item, reason: 'the same item twice' };
    seen.add(item.identity);
  }
  if (actual.length !== count) {
    const missing = wanted.find((record) => !seen.has(identityOf(record)));
    return { position: actual.length, expected: missing, reason: `returned ${actual.length} items, expected ${count}` };
  }
  return undefined;
}
