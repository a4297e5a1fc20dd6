/** "Use fields": a typed key condition into the fields, placeholders resolved; or why not, with the text kept. */
import { describe, expect, it } from 'vitest';
import { keyFieldsFromText } from '../../src/workbench/key-fields-from-text.js';
import { buildRead } from '../../src/workbench/query-request.js';
import { DEFAULT_QUERY_STATE, type QueryState } from '../../src/workbench/query-state.js';
import { findTarget, queryTargets } from '../../src/workbench/table-indexes.js';
import { LEADERBOARD } from './fixtures.js';

const targets = queryTargets(LEADERBOARD);
const typed = (keyText: string, more: Partial<QueryState> = {}): QueryState => ({
  ...DEFAULT_QUERY_STATE,
  mode: 'query',
  keyMode: 'text',
  partitionValue: 'old partition',
  sortOperator: '=',
  sortValue: 'old sort',
  keyText,
  ...more,
});
const fields = (state: QueryState) => keyFieldsFromText(state, findTarget(targets, state.indexName));
const sent = (state: QueryState) => buildRead(state, 'Leaderboard', findTarget(targets, state.indexName)).body?.key;

describe('Use fields', () => {
  it('resolves #name and :value placeholders, BETWEEN included, and asks for the same keys as the text', () => {
    const state = typed('#pk = :pk AND #sk BETWEEN :a AND :b', {
      placeholderNames: '{"#pk": "PK", "#sk": "SK"}',
      placeholderValues: '{":pk": {"S": "ACTOR#u_8814"}, ":a": {"S": "EVT#2026-06-23"}, ":b": {"S": "EVT#2026-06-24"}}',
    });
    const answer = fields(state);
    expect(answer).toEqual({ ok: true, patch: { keyMode: 'fields', partitionValue: 'ACTOR#u_8814', extraPartitionValues: [], extraSortValues: [], sortOperator: 'BETWEEN', sortValue: 'EVT#2026-06-23', sortValue2: 'EVT#2026-06-24' } });
    // The text with its placeholders and the fields send one and the same key condition.
    expect(sent(state)).toBe('PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23" AND "EVT#2026-06-24"');
    expect(sent({ ...state, ...(answer.ok ? answer.patch : {}) })).toBe(sent(state));
  });

  it('reads begins_with, a mirrored comparison, numbers on an index and binary on another', () => {
    expect(fields(typed('begins_with(SK, "EVT#") AND PK = "A"'))).toMatchObject({ ok: true, patch: { partitionValue: 'A', sortOperator: 'begins_with', sortValue: 'EVT#', sortValue2: '' } });
    expect(fields(typed('PK = "A" AND "m" < SK'))).toMatchObject({ ok: true, patch: { sortOperator: '>', sortValue: 'm' } });
    expect(fields(typed('game = "chess" AND score >= 1000.50', { indexName: 'by-score' }))).toMatchObject({ ok: true, patch: { partitionValue: 'chess', sortOperator: '>=', sortValue: '1000.50' } });
    expect(fields(typed('PK = :p AND blob = :b', { indexName: 'by-blob', placeholderValues: '{":p": {"S": "A"}, ":b": {"B": "AAE="}}' }))).toMatchObject({ ok: true, patch: { sortOperator: '=', sortValue: 'AAE=' } });
    // Only the partition key: no sort condition (the old one is not put back).
    expect(fields(typed('PK = "A"'))).toMatchObject({ ok: true, patch: { partitionValue: 'A', sortOperator: 'none', sortValue: '' } });
  });

  it('empties the fields for an empty text, never putting back old values', () => {
    expect(fields(typed('  '))).toEqual({ ok: true, patch: { keyMode: 'fields', partitionValue: '', extraPartitionValues: [], sortOperator: 'none', sortValue: '', extraSortValues: [], sortValue2: '' } });
  });

  it('refuses, saying why, what the fields cannot hold', () => {
    const refusal = (state: QueryState) => {
      const answer = fields(state);
      expect(answer.ok).toBe(false);
      return answer.ok ? '' : answer.reason;
    };
    expect(refusal(typed('PK = "A" OR PK = "B"'))).toMatch(/Invalid operator used in KeyConditionExpression: OR.*the text is kept/);
    expect(refusal(typed('PK = "A" AND other = "x"'))).toMatch(/missed key schema element: SK/);
    expect(refusal(typed('PK > "A"'))).toMatch(/Query key condition not supported/);
    expect(refusal(typed('game = "chess" AND score = "high"', { indexName: 'by-score' }))).toMatch(/type does not match schema type/);
    expect(refusal(typed('#pk = "A"'))).toMatch(/#pk/);
    expect(refusal(typed('PK = :p', { placeholderValues: '{":p": "A"}' }))).toMatch(/The value of :p is not DynamoDB JSON/);
    expect(refusal(typed('PK = :p', { placeholderValues: '{":p": ' }))).toMatch(/not valid JSON/);
    expect(refusal(typed('#p = "A"', { placeholderNames: '{"p": "PK"}' }))).toMatch(/must start with #/);
    expect(refusal(typed('PK = "A" AND'))).toMatch(/Syntax error/);
  });
});
