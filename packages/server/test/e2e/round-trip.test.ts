/**
 * Data out and back in through `dynotable`'s API on the embedded engine:
 * random items of every type exported, imported into a second table and
 * exported again come back byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInMemory, stopCleanly, type DynotableSession } from './support/dynotable-process.js';
import { randomItems, roundTrip } from './support/round-trip.js';

let session: DynotableSession;

beforeAll(async () => {
  session = await startInMemory();
});

afterAll(() => stopCleanly(session));

describe('import-export-import through the API', () => {
  it('gives byte-identical exports and every item back as it was put', async () => {
    const items = randomItems(300, 7142);
    const types = new Set(items.flatMap((item) => JSON.stringify(item).match(/"(S|N|B|BOOL|NULL|M|L|SS|NS|BS)":/g) ?? []));
    expect([...types].sort()).toEqual(['"B":', '"BOOL":', '"BS":', '"L":', '"M":', '"N":', '"NS":', '"NULL":', '"S":', '"SS":']);
    expect(items.some((item) => Object.values(item).some((value) => JSON.stringify(value) === '{"S":""}'))).toBe(true);

    const { first, second } = await roundTrip(session, 'embedded', 'RoundTrip', items, 'exact');
    expect(first.split('\n').filter((line) => line !== '')).toHaveLength(items.length);
    expect(Buffer.from(second, 'utf8').equals(Buffer.from(first, 'utf8'))).toBe(true);
    // 38 significant digits survive as text.
    expect(first).toContain('"N":"-12345678901234567890123456789012340001"');
    // A wait for two whole jobs, not a speed check: under the whole suite both cores are busy.
  }, 180_000);
});
