/**
 * Random sequences of writes and reads run on the memory store and the
 * on-disk store side by side: every read must answer the same on both.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../src/storage/memory.js';
import { SqliteStorage } from '../../src/storage/sqlite.js';
import type { ItemWrite, SortBound, Storage } from '../../src/storage/storage.js';
import { SORTS } from './storage-suite.js';
import { temporaryDirectories } from './temp-dirs.js';

const newDirectory = temporaryDirectories('dynotable-same-');

const space = fc.constantFrom('t', 't\u0000gsi');
const partition = fc.constantFrom('a\u0000\u0001', '\u0000\u00ff', '\u00ff');
const sort = fc.constantFrom(...SORTS);
const bound = fc.option(fc.record({ key: sort, inclusive: fc.boolean() }) as fc.Arbitrary<SortBound>, { nil: undefined });

const write = fc.oneof(
  fc.record({ space, partition, sort, item: fc.record({ v: fc.record({ N: fc.integer().map(String) }) }), size: fc.nat(500) }),
  fc.record({ space, partition, sort }),
) as fc.Arbitrary<ItemWrite>;

type Step =
  | { kind: 'write'; writes: ItemWrite[] }
  | { kind: 'get'; space: string; partition: string; sort: string }
  | { kind: 'range'; space: string; partition: string; lower?: SortBound; upper?: SortBound; forward: boolean; after?: string }
  | { kind: 'scan'; space: string; index: number; total: number; after?: { partition: string; sort: string } }
  | { kind: 'stats'; space: string }
  | { kind: 'dropSpace'; space: string };

const rangeStep = fc.record(
  { kind: fc.constant('range' as const), space, partition, lower: bound, upper: bound, forward: fc.boolean(), after: fc.option(sort, { nil: undefined }) },
  { requiredKeys: ['kind', 'space', 'partition', 'forward'] },
);

const scanStep = fc
  .record({ kind: fc.constant('scan' as const), space, total: fc.integer({ min: 1, max: 5 }), index: fc.nat(4), after: fc.option(fc.record({ partition, sort }), { nil: undefined }) })
  .map((scan) => ({ ...scan, index: scan.index % scan.total }));

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('write' as const), writes: fc.array(write, { minLength: 1, maxLength: 12 }) }) },
  { weight: 3, arbitrary: rangeStep },
  { weight: 2, arbitrary: scanStep },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('get' as const), space, partition, sort }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stats' as const), space }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropSpace' as const), space }) },
);

function run(storage: Storage, s: Step): unknown {
  switch (s.kind) {
    case 'write':
      storage.write(s.writes);
      return null;
    case 'get':
      return storage.get(s.space, s.partition, s.sort) ?? null;
    case 'range':
      return [...storage.range(s.space, s.partition, { lower: s.lower, upper: s.upper }, s.forward, s.after)];
    case 'scan':
      return [...storage.scan(s.space, { index: s.index, total: s.total }, s.after)];
    case 'stats':
      return storage.stats(s.space);
    case 'dropSpace':
      storage.dropSpace(s.space);
      return null;
  }
}

describe('memory and sqlite stores', () => {
  const disk = SqliteStorage.open(newDirectory(), { durability: 'normal' });
  afterAll(() => disk.close());

  it('answer every read of a random sequence alike', () => {
    let sequence = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 60, size: 'max' }), (steps) => {
        // Each sequence in tables of its own, so sequences do not see each other.
        const prefix = `r${sequence++}`;
        const rename = (name: string) => `${prefix}${name}`;
        const memory = new MemoryStorage();
        for (const s of steps) {
          const renamed: Step =
            s.kind === 'write'
              ? { ...s, writes: s.writes.map((w) => ({ ...w, space: rename(w.space) })) }
              : { ...s, space: rename(s.space) };
          expect(run(disk, renamed), JSON.stringify(s)).toEqual(run(memory, renamed));
        }
      }),
      { numRuns: 200 },
    );
  });
});
