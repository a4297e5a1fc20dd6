/** The import's check with its size shortcut refuses exactly what checkItemForTable refuses, with the same error. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { itemFromWire } from '@dynotable/core';
import { createEngine } from '@dynotable/engine';
import { describeTable } from '../../src/transfer/export-job.js';
import { importChecker } from '../../src/transfer/import-checks.js';
import { checkItemForTable } from '../../src/transfer/item-checks.js';
import { createTable } from './support.js';

const keyValue = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom({ S: 'a' }, { S: '' }, { S: 'x'.repeat(2049) }, { N: '5' }, { N: '1.0' }, { B: 'AAE=' }, { B: '' }, { BOOL: true }, { SS: ['a'] }),
);
// Large values near the 400 KB limit: ASCII, and three-byte characters whose JSON text is a third of their size.
const other = fc.constantFrom(undefined, { S: 'v' }, { NS: ['1', '1.0'] }, { SS: [] as string[] }, { N: '1E126' }, { S: 'y'.repeat(410 * 1024) }, { S: '語'.repeat(136 * 1024) }, { S: '語'.repeat(120 * 1024) });

function outcome(check: () => void): string {
  try {
    check();
    return 'accepted';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

it('agrees with checkItemForTable on every item, given the length of its JSON text', async () => {
  const engine = createEngine();
  createTable(engine, 'Checked');
  const shape = await describeTable(async (operation, input) => engine.execute(operation, input), 'Checked');
  const check = importChecker(shape);
  fc.assert(
    fc.property(keyValue, keyValue, keyValue, other, other, (pk, sk, gpk, extra, more) => {
      const wire: Record<string, unknown> = {};
      if (pk) wire['pk'] = pk;
      if (sk) wire['sk'] = sk;
      if (gpk) wire['gpk'] = gpk;
      if (extra) wire['extra'] = extra;
      if (more) wire['more'] = more;
      const item = itemFromWire(wire);
      const length = JSON.stringify({ Item: wire }).length;
      expect(outcome(() => check(item, length))).toBe(outcome(() => checkItemForTable(item, shape)));
    }),
    { numRuns: 300 },
  );
  engine.close();
});
