/**
 * The expected answer to an access pattern, computed from the sample data and
 * the meaning of the question (a plain filter and sort), never from the key
 * design: a design whose key order differs from what the question means fails.
 */
import type { EntitySpec, PatternMeaning } from '../model/types.js';
import { compareMeaning, meaningOf } from './order.js';
import type { SampleValue } from './sample-values.js';
import type { SampleRecord } from './samples.js';

/** What a caller passes: equality values by attribute, and the range for `between`. */
export interface PatternArguments {
  readonly equals: Readonly<Record<string, SampleValue>>;
  readonly range?: { readonly from: SampleValue; readonly to: SampleValue };
}

export interface ExpectedAnswer {
  /** In the order the question asks for; items that tie share a group number. */
  readonly records: readonly SampleRecord[];
  readonly groups: readonly number[];
  /** False when the question asks for no order: only the set matters. */
  readonly ordered: boolean;
  /** How many items the answer holds (a limit may cut a group of ties). */
  readonly count: number;
}

export function expectedAnswer(entity: EntitySpec, meaning: PatternMeaning, records: readonly SampleRecord[], args: PatternArguments): ExpectedAnswer {
  const spec = (name: string) => entity.attributes.find((a) => a.name === name);
  const matches = records.filter(
    (record) =>
      Object.entries(args.equals).every(([name, value]) => sameValue(record.values[name], value)) &&
      meaning.where.every(({ attribute, value }) => String(record.values[attribute]) === value) &&
      inRange(record, meaning.between, args, spec),
  );
  const orderBy = meaning.orderBy ?? (meaning.between !== undefined ? meaning.between : undefined);
  if (orderBy === undefined) {
    const count = Math.min(matches.length, meaning.limit ?? Infinity);
    return { records: matches, groups: matches.map(() => 0), ordered: false, count: meaning.kind === 'get' ? Math.min(count, 1) : count };
  }
  const orderSpec = spec(orderBy);
  const sign = meaning.direction === 'descending' ? -1 : 1;
  const keyed = matches.map((record) => ({ record, key: meaningOf(record.values[orderBy], orderSpec) }));
  keyed.sort((a, b) => sign * compareMeaning(a.key, b.key));
  const groups: number[] = [];
  keyed.forEach((entry, i) => groups.push(i === 0 ? 0 : compareMeaning(entry.key, keyed[i - 1]!.key) === 0 ? groups[i - 1]! : groups[i - 1]! + 1));
  return { records: keyed.map((entry) => entry.record), groups, ordered: true, count: Math.min(keyed.length, meaning.limit ?? Infinity) };
}

export function sameValue(a: SampleValue | undefined, b: SampleValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return String(a) === String(b);
}

function inRange(record: SampleRecord, attribute: string | undefined, args: PatternArguments, spec: (name: string) => EntitySpec['attributes'][number] | undefined): boolean {
  if (attribute === undefined || args.range === undefined) return true;
  const attrSpec = spec(attribute);
  const value = meaningOf(record.values[attribute], attrSpec);
  if (value === undefined) return false;
  return compareMeaning(value, meaningOf(args.range.from, attrSpec)) >= 0 && compareMeaning(value, meaningOf(args.range.to, attrSpec)) <= 0;
}
