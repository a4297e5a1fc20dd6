/**
 * Arguments to ask each access pattern with: the hot partition (the largest),
 * ordinary ones, and for ranges bounds that sit exactly on item values, so an
 * off-by-one at an inclusive bound shows.
 */
import type { EntitySpec, PatternMeaning } from '../model/types.js';
import { sameValue, type PatternArguments } from './expected.js';
import { compareMeaning, meaningOf } from './order.js';
import type { SeededRandom } from './random.js';
import type { SampleValue } from './sample-values.js';
import type { SampleRecord } from './samples.js';

export function chooseArguments(entity: EntitySpec, meaning: PatternMeaning, records: readonly SampleRecord[], random: SeededRandom, sets: number): PatternArguments[] {
  if (records.length === 0) return [];
  const scoped = records.filter((record) => meaning.where.every(({ attribute, value }) => String(record.values[attribute]) === value));
  const pool = scoped.length > 0 ? scoped : records;
  const anchors = [mostCrowded(pool, meaning.equals), ...Array.from({ length: sets - 1 }, () => random.pick(pool))];
  // Asking the same partition twice proves nothing new (ranges still differ, so those keep every anchor).
  const distinct = meaning.between !== undefined ? anchors : anchors.filter((anchor, i) => anchors.findIndex((other) => meaning.equals.every((name) => sameValue(other.values[name], anchor.values[name]))) === i);
  return distinct.map((anchor) => {
    const equals = Object.fromEntries(meaning.equals.map((name) => [name, anchor.values[name]!]).filter(([, v]) => v !== undefined));
    if (meaning.between === undefined) return { equals };
    const sameScope = pool.filter((record) => Object.entries(equals).every(([name, value]) => sameValue(record.values[name], value as SampleValue)));
    return { equals, range: rangeWithin(entity, meaning.between, sameScope, random) };
  });
}

/** The record whose equality values are shared by the most records: the hot partition. */
function mostCrowded(records: readonly SampleRecord[], names: readonly string[]): SampleRecord {
  const counts = new Map<string, { record: SampleRecord; count: number }>();
  for (const record of records) {
    const key = JSON.stringify(names.map((name) => String(record.values[name])));
    const entry = counts.get(key) ?? { record, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count)[0]!.record;
}

/** Bounds taken from two item values of the partition, both inclusive. */
function rangeWithin(entity: EntitySpec, attribute: string, records: readonly SampleRecord[], random: SeededRandom): { from: SampleValue; to: SampleValue } {
  const spec = entity.attributes.find((a) => a.name === attribute);
  const values = records.map((record) => record.values[attribute]).filter((v): v is SampleValue => v !== undefined);
  if (values.length === 0) throw new RangeError(`no ${attribute} values to bound a range with`);
  const sorted = values.sort((a, b) => compareMeaning(meaningOf(a, spec), meaningOf(b, spec)));
  const i = random.int(0, Math.floor((sorted.length - 1) / 2));
  const j = random.int(i, sorted.length - 1);
  return { from: sorted[i]!, to: sorted[j]! };
}
