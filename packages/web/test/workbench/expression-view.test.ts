import { describe, expect, it } from 'vitest';
import { toWireRequest, type CodegenParams } from '@dynotable/core';
import { expressionFields, PROGRAM_LANGUAGES, programFor } from '../../src/workbench/expression-view.js';
import { buildRead } from '../../src/workbench/query-request.js';
import { DEFAULT_QUERY_STATE } from '../../src/workbench/query-state.js';
import { findTarget, queryTargets } from '../../src/workbench/table-indexes.js';
import { LEADERBOARD } from './fixtures.js';

const built = buildRead(
  { ...DEFAULT_QUERY_STATE, mode: 'query', indexName: 'by-blob', partitionValue: 'P#1', sortOperator: '>', sortValue: 'AQI=', filterMode: 'text', filterText: 'status = "open"', forward: false },
  'Leaderboard',
  findTarget(queryTargets(LEADERBOARD), 'by-blob'),
);
const params = built.params as CodegenParams;

describe('expression view', () => {
  it('lists the expressions, names (reserved words aliased) and values (binary in base64) that are set', () => {
    const fields = expressionFields(params, toWireRequest(params));
    expect(fields.map((field) => field.name)).toEqual(['KeyConditionExpression', 'FilterExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues']);
    expect(fields[0]!.text).toBe('PK = :v0 AND #blob > :v1');
    expect(JSON.parse(fields[3]!.text)).toEqual({ ':v0': { S: 'P#1' }, ':v1': { B: 'AQI=' }, ':v2': { S: 'open' } });
  });

  it('writes a program in each of the five languages carrying the request', () => {
    for (const { id } of PROGRAM_LANGUAGES) {
      const program = programFor('Query', params, id);
      expect(program.startsWith('//')).toBe(false);
      expect(program).toContain('Leaderboard');
      expect(program).toContain('by-blob');
      expect(program).toContain('PK = :v0 AND #blob > :v1');
    }
  });

  it('says why instead of throwing when a parameter cannot be written', () => {
    expect(programFor('Scan', { TableName: 't', Limit: 2 ** 40 }, 'go')).toMatch(/^\/\/ Limit must be an integer/);
  });
});
