/** The checks made before an import writes anything agree with the engine's PutItem: same refusals, same messages. */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DynamoError, itemFromWire } from '@dynotable/core';
import type { Connection } from '../../src/connections/registry-types.js';
import { describeTable } from '../../src/transfer/export-job.js';
import { checkItemForTable } from '../../src/transfer/item-checks.js';
import type { TableShape } from '../../src/data/table-description.js';
import { clientSend } from '../../src/transfer/wire-send.js';
import { createTable, send, testConnections } from './support.js';

const connections = testConnections();
let engine: Connection;
let shape: TableShape;

beforeAll(async () => {
  engine = connections.open('engine');
  await createTable(engine, 'Checked');
  shape = await describeTable(clientSend(engine.client), 'Checked');
});

afterAll(async () => {
  await connections.closeAll();
});

const keyValue = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom({ S: 'a' }, { S: '' }, { S: 'x'.repeat(2049) }, { N: '5' }, { N: '1.0' }, { B: 'AAE=' }, { B: '' }, { BOOL: true }, { SS: ['a'] }),
);
const other = fc.constantFrom(undefined, { S: 'v' }, { NS: ['1', '1.0'] }, { SS: [] as string[] }, { N: '1E126' }, { S: 'y'.repeat(410 * 1024) });

it('refuses exactly the items the engine refuses, with its error type and message', async () => {
  await fc.assert(
    fc.asyncProperty(keyValue, keyValue, keyValue, other, async (pk, sk, gpk, extra) => {
      const wire: Record<string, unknown> = {};
      if (pk) wire['pk'] = pk;
      if (sk) wire['sk'] = sk;
      if (gpk) wire['gpk'] = gpk;
      if (extra) wire['extra'] = extra;
      let ours: string | undefined;
      try {
        checkItemForTable(itemFromWire(wire), shape);
      } catch (error) {
        expect(error).toBeInstanceOf(DynamoError);
        ours = `${(error as Error).name}: ${(error as Error).message}`;
      }
      let theirs: string | undefined;
      try {
        await send(engine, 'PutItem', { TableName: 'Checked', Item: wire });
      } catch (error) {
        theirs = `${(error as Error).name}: ${(error as Error).message}`;
      }
      expect(ours).toBe(theirs);
    }),
    { numRuns: 300 },
  );
});
