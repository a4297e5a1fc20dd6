/**
 * The same end-to-end runs against AWS's DynamoDB Local, as `npx dynotable`
 * runs them (the bundle, run twice in a row: cold, then with the code cache
 * the first run left): `dynotable` started, DynamoDB Local added as a
 * connection through the API, the three example tables copied there from the
 * embedded engine (POST /api/copy, creating each table with its indexes), then
 * the seed scenarios, and in the second run the import-export-import round
 * trip (support/connection-suite.ts). Then `data copy`, `data export`, `data
 * import` and `verify --endpoint` on it (support/data-commands.ts).
 */
import { describe, expect } from 'vitest';
import { oracleEndpoint, oracleUnavailable } from '../../../core/test/support/dynamodb-local.js';
import { connectionSuite } from './support/connection-suite.js';
import { dataCommandSuite } from './support/data-commands.js';

// The DynamoDB Local instance is shared by the whole oracle run: these tables get a name of their own.
const prefix = `e2e${Date.now().toString(36)}_`;

describe.skipIf(oracleUnavailable())('dynotable with a DynamoDB Local connection', () =>
  connectionSuite({
    tablePrefix: prefix,
    kind: 'dynamodb-local',
    endpoint: () => oracleEndpoint(),
    args: () => [],
    connect: async (session) => {
      const added = await session.api<{ connection: { id: string; kind: string; safety: string; endpoint: string } }>('POST', '/api/connections', {
        kind: 'dynamodb-local',
        endpoint: oracleEndpoint(),
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.connection).toMatchObject({ kind: 'dynamodb-local', safety: 'full', endpoint: oracleEndpoint() });
      return added.body.connection.id;
    },
    roundTripIn: 'warm',
    // By value: DynamoDB Local answers set members in its own order, and writes some numbers in lists with an exponent.
    roundTripCompare: 'by value',
  }));

describe.skipIf(oracleUnavailable())('the data commands and verify on DynamoDB Local', () => dataCommandSuite({ tablePrefix: `${prefix}cli`, endpoint: () => oracleEndpoint() }));
