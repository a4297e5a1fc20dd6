/**
 * The day-window trap in a pane: found in the key condition the pane sent,
 * measured with count requests that keep the pane's index and filter, and
 * fixed in the fields (or the typed text) so that the next run takes in
 * every key that starts with the bound.
 */
import { describe, expect, it } from 'vitest';
import { countBody, fixPatch, prefixBoundTrapOf } from '../../src/workbench/prefix-bound-fix.js';
import { buildRead } from '../../src/workbench/query-request.js';
import { DEFAULT_QUERY_STATE, type QueryState } from '../../src/workbench/query-state.js';
import { findTarget, queryTargets } from '../../src/workbench/table-indexes.js';
import { LEADERBOARD } from './fixtures.js';

const targets = queryTargets(LEADERBOARD);
const table = findTarget(targets, undefined);
const DAY: QueryState = {
  ...DEFAULT_QUERY_STATE,
  mode: 'query',
  partitionValue: 'ACTOR#u_8814',
  sortOperator: 'BETWEEN',
  sortValue: 'EVT#2026-06-23T00:00:00Z',
  sortValue2: 'EVT#2026-06-23T23:59:59Z',
  filterMode: 'text',
  filterText: 'action = "login"',
  projection: 'SK',
  forward: false,
};
const keyOf = (state: QueryState) => buildRead(state, 'AuditLog', findTarget(targets, state.indexName)).body?.key;

describe('the day-window trap in a pane', () => {
  it('is found in the key condition the pane sends, on a string sort key only', () => {
    expect(prefixBoundTrapOf(keyOf(DAY), table)).toMatchObject({ bound: 'EVT#2026-06-23T23:59:59Z', day: 'EVT#2026-06-23' });
    expect(prefixBoundTrapOf(keyOf({ ...DAY, sortOperator: 'begins_with' }), table)).toBeUndefined();
    expect(prefixBoundTrapOf(undefined, table)).toBeUndefined();
    // by-score sorts by a number: no prefix to go on after.
    const byScore = findTarget(targets, 'by-score');
    expect(prefixBoundTrapOf('game = "chess" AND score <= 10', byScore)).toBeUndefined();
    // A model's templates that no key goes on after: no trap.
    expect(prefixBoundTrapOf(keyOf(DAY), table, ['EVT#{at:iso}'])).toBeUndefined();
  });

  it("counts with the pane's index, filter and consistency, without its projection, Limit or direction", () => {
    const ran = buildRead({ ...DAY, consistentRead: true }, 'AuditLog', table).body!;
    const trap = prefixBoundTrapOf(ran.key, table)!;
    expect(countBody(ran, trap.leftOut)).toEqual({
      key: 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T23:59:59Z\\u0000" AND "EVT#2026-06-23T23:59:59Z\u{10ffff}"',
      filter: 'action = "login"',
      ConsistentRead: true,
      Select: 'COUNT',
    });
    const onIndex = countBody({ key: 'x', IndexName: 'by-blob', Limit: 5, ScanIndexForward: false }, trap.beginsWith!);
    expect(onIndex).toEqual({ key: 'PK = "ACTOR#u_8814" AND begins_with(SK, "EVT#2026-06-23")', IndexName: 'by-blob', Select: 'COUNT' });
  });

  it('applies either fix to the fields, and the fixed query has no trap left', () => {
    const trap = prefixBoundTrapOf(keyOf(DAY), table)!;
    const widened = { ...DAY, ...fixPatch(DAY, trap, 'widened') };
    expect(widened.sortValue2).toBe('EVT#2026-06-23T23:59:59Z\u{10ffff}');
    expect(keyOf(widened)).toBe('PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z\u{10ffff}"');
    expect(prefixBoundTrapOf(keyOf(widened), table)).toBeUndefined();
    const day = { ...DAY, ...fixPatch(DAY, trap, 'beginsWith') };
    expect(keyOf(day)).toBe('PK = "ACTOR#u_8814" AND begins_with(SK, "EVT#2026-06-23")');

    const upTo: QueryState = { ...DAY, sortOperator: '<=', sortValue: 'EVT#2026-06-23', sortValue2: '' };
    const upToTrap = prefixBoundTrapOf(keyOf(upTo), table)!;
    expect(fixPatch(upTo, upToTrap, 'widened')).toEqual({ sortValue: 'EVT#2026-06-23\u{10ffff}' });
    // No whole-day window, no begins_with: nothing changes.
    expect(fixPatch(upTo, upToTrap, 'beginsWith')).toEqual({});
  });

  it('rewrites a key condition typed as text', () => {
    const typed: QueryState = { ...DAY, keyMode: 'text', keyText: 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"' };
    const trap = prefixBoundTrapOf(keyOf(typed), table)!;
    expect(fixPatch(typed, trap, 'beginsWith')).toEqual({ keyText: 'PK = "ACTOR#u_8814" AND begins_with(SK, "EVT#2026-06-23")' });
    expect(prefixBoundTrapOf(fixPatch(typed, trap, 'widened').keyText, table)).toBeUndefined();
  });
});
