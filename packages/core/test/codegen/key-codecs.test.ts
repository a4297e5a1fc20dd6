/**
 * The key builders in generated modules encode exactly as core's key
 * templates (sortableInteger, sortableDecimal, isoTimestamp, plain fields):
 * equal keys for the same values, and an error exactly when core refuses.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileKeyTemplate } from '../../src/keys/template.js';
import type { Model } from '../../src/model/types.js';
import { generateDataAccessModule } from '../../src/codegen/index.js';
import { writeBuildFiles } from './build-folder.js';

const KEYS = {
  PK: 'N#{n:05}',
  SK: 'W#{w:03}',
  DECIMAL: 'D#{d:d6.2}',
  WHOLE: 'Z#{z:d3.0}',
  COMBINED: 'W#{w:03}#D#{d:d6.2}#{s}',
  GSI1PK: 'T#{t:iso}',
  GSI1SK: 'MS#{t:iso-ms}#US#{t:iso-us}',
  GSI2PK: 'S#{s}#X#{x}',
};

const MODEL: Model = {
  name: 'codecs',
  tables: [{ name: 'Codecs', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' }, billingMode: 'PAY_PER_REQUEST', globalSecondaryIndexes: [], localSecondaryIndexes: [] }],
  entities: [
    {
      name: 'Sample',
      plural: 'Samples',
      table: 'Codecs',
      attributes: ['n', 'w', 'd', 'z', 't', 's', 'x'].map((name) => ({ name, type: 'string' as const, mutable: false, unique: false, required: true })),
      keys: KEYS,
      keysWhen: {},
    },
  ],
  accessPatterns: [],
  writePaths: [],
};

type Builders = Record<string, (values: Record<string, unknown>) => string>;
let builders: Builders;

beforeAll(async () => {
  const module = generateDataAccessModule(MODEL, { plans: [] });
  const paths = writeBuildFiles('key-codecs', { [module.fileName]: module.source });
  builders = ((await import(paths[module.fileName]!)) as { sampleKeyBuilders: Builders }).sampleKeyBuilders;
});

function outcome(run: () => string): { ok: true; key: string } | { ok: false } {
  try {
    return { ok: true, key: run() };
  } catch {
    return { ok: false };
  }
}

function sameAsCore(values: Record<string, unknown>): void {
  for (const [attribute, template] of Object.entries(KEYS)) {
    const core = outcome(() => compileKeyTemplate(template).format(values));
    const generated = outcome(() => builders[attribute]!(values));
    expect({ attribute, ...generated }).toEqual({ attribute, ...core });
  }
}

const integers = fc.oneof(
  fc.integer({ min: -120_000, max: 120_000 }),
  fc.integer({ min: -1200, max: 1200 }),
  fc.bigInt({ min: -200_000n, max: 200_000n }),
  fc.integer({ min: -120_000, max: 120_000 }).map(String),
  fc.constantFrom(0, -0, 99999, -99999, 100000, -100000, 999, -999, 1000, 2 ** 53, 1.5, '1.5', '', '-', '007', '-0', '+5', ' 5'),
);

const decimalText = fc
  .record({
    sign: fc.constantFrom('', '-', '+'),
    whole: fc.stringMatching(/^\d{0,8}$/),
    point: fc.boolean(),
    fraction: fc.stringMatching(/^\d{0,5}$/),
    exponent: fc.option(fc.integer({ min: -6, max: 6 }), { nil: undefined }),
  })
  .map(({ sign, whole, point, fraction, exponent }) => `${sign}${whole}${point ? '.' : ''}${point ? fraction : ''}${exponent === undefined ? '' : `e${exponent}`}`);

const decimals = fc.oneof(
  decimalText,
  fc.double({ min: -2e6, max: 2e6, noNaN: true }),
  fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n / 100),
  fc.bigInt({ min: -2_000_000n, max: 2_000_000n }),
  decimalText.map((value) => ({ value })),
  fc.constantFrom('0', '-0', '999999.99', '-999999.99', '1000000', '0.001', '1e-2', '1E2', '.5', '5.', 'abc', ''),
);

/** 0000-01-01T00:00:00Z, the first instant the timestamp format accepts. */
const MIN_MS = -62_167_219_200_000;
const dates = fc.date({ min: new Date(MIN_MS - 86_400_000), max: new Date(253_402_300_799_999), noInvalidDate: false });
const timestamps = fc.oneof(
  dates,
  dates.map((date) => (Number.isNaN(date.getTime()) ? Number.NaN : date.getTime())),
  fc.integer({ min: MIN_MS - 5000, max: 253_402_300_799_999 }).map((ms) => Math.floor(ms / 1000) * 1000),
  dates.filter((date) => !Number.isNaN(date.getTime())).map((date) => date.toISOString()),
  dates.filter((date) => !Number.isNaN(date.getTime())).map((date) => date.toISOString().replace(/\.\d+Z$/, 'Z')),
  dates.filter((date) => !Number.isNaN(date.getTime())).map((date) => date.toISOString().replace('Z', '+00:00')),
  dates.filter((date) => !Number.isNaN(date.getTime())).map((date) => date.toISOString().replace(/\.(\d+)Z$/, '.$1000Z')),
  dates.filter((date) => !Number.isNaN(date.getTime())).map((date) => date.toISOString().replace(/\.(\d+)Z$/, '.$1001Z')),
  fc.constantFrom('2026-02-30T00:00:00Z', '2026-06-23T24:00:00Z', '2026-06-23T10:00:00+01:00', '2026-06-23', '6/23/2026', '2024-02-29T23:59:59.999999Z', '', MIN_MS - 1, 2.5),
);

const strings = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('#X#', 'a#X', '', 'plain', '#', 'X'), fc.integer().map(Number), fc.bigInt());

describe('generated key builders encode as core does', () => {
  it('on random values of every format', () => {
    fc.assert(
      fc.property(integers, integers, decimals, decimals, timestamps, strings, strings, (n, w, d, z, t, s, x) => {
        sameAsCore({ n, w, d, z, t, s, x });
      }),
      { numRuns: 3000 },
    );
  });

  it('on values in range, where both must succeed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -99_999, max: 99_999 }),
        fc.integer({ min: -999, max: 999 }),
        fc.integer({ min: -99_999_999, max: 99_999_999 }).map((n) => (n / 100).toFixed(2)),
        fc.integer({ min: -999, max: 999 }),
        fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }).map((ms) => Math.floor(ms / 1000) * 1000),
        fc.stringMatching(/^[a-z0-9]{1,8}$/),
        (n, w, d, z, t, s) => {
          const values = { n, w, d, z, t, s, x: s };
          for (const [attribute, template] of Object.entries(KEYS)) {
            expect(builders[attribute]!(values)).toBe(compileKeyTemplate(template).format(values));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
