/**
 * `dynotable verify --endpoint` on DynamoDB Local: the seed models pass through
 * the AWS SDK exactly as on the embedded engine, and a broken variant fails.
 */
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { oracleClient, oracleEndpoint, oracleUnavailable } from '../../../core/test/support/dynamodb-local.js';
import { run } from '../cli/capture.js';
import { EXAMPLE_NAMES, examplePath } from '../support/examples.js';

describe.skipIf(oracleUnavailable())('verify on DynamoDB Local', () => {
  it.each(EXAMPLE_NAMES)('the %s model passes and leaves no table behind', async (name) => {
    const result = await run('verify', examplePath(name), '--endpoint', oracleEndpoint(), '--items', '600', '--json');
    // Where it verifies, on standard error; nothing else.
    expect(result.stderr).toBe(`Verifying on ${oracleEndpoint()}\n`);
    const report = JSON.parse(result.stdout) as { passed: boolean; tables: string[]; patterns: { passed: boolean; runs: unknown[] }[] };
    expect(report.passed, result.stdout).toBe(true);
    expect(result.code).toBe(0);
    expect(report.patterns.every((p) => p.runs.length > 0)).toBe(true);
    // Its own tables only: other test files verify on the same DynamoDB Local at the same time.
    expect(report.tables.length).toBeGreaterThan(0);
    const after = (await oracleClient().send(new ListTablesCommand({}))).TableNames ?? [];
    expect(after.filter((table) => report.tables.includes(table))).toEqual([]);
  });

  it('an unpadded rating fails on DynamoDB Local too, with exit status 1', async () => {
    const result = await run('verify', examplePath('broken/leaderboard-unpadded-rating'), '--endpoint', oracleEndpoint(), '--items', '600');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAIL\s+topPlayersOfSeason/);
    expect(result.stdout).toMatch(/first difference at position \d+/);
  });
});
