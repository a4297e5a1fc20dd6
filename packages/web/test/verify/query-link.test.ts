import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileFriendly, parseModel, requestForPlan, type Model } from '@dynotable/core';
import { planPatterns, verifiedModel } from '../../src/verify/pattern-plans.js';
import { keptTableName, patternQueryState, queryPanelPath } from '../../src/verify/query-link.js';
import { keyConditionText } from '../../src/workbench/key-text.js';
import { panesFromSearch } from '../../src/workbench/pane-url.js';
import type { QueryTarget } from '../../src/workbench/table-indexes.js';

const example = (name: string): Model => parseModel(readFileSync(new URL(`../../../../examples/${name}`, import.meta.url), 'utf8'), name);

const leaderboard = example('leaderboard.yaml');
const auditLog = example('audit-log.yaml');

function plan(model: Model, pattern: string) {
  const found = planPatterns(model).get(pattern);
  if (found === undefined) throw new Error(`no plan for ${pattern}`);
  return found;
}

const stringKeys = (partition: string, sort: string): QueryTarget =>
  ({
    kind: 'table',
    partitionKey: { name: partition, type: 'S' },
    sortKey: { name: sort, type: 'S' },
    partitionKeys: [{ name: partition, type: 'S' }],
    sortKeys: [{ name: sort, type: 'S' }],
  }) as unknown as QueryTarget;

describe("an access pattern in the query panel", () => {
  it('fills the index, partition value, begins_with prefix, direction and limit of a top-N pattern', () => {
    const state = patternQueryState(leaderboard, plan(leaderboard, 'topPlayersOfSeason'), { season: '2026-Q2' });
    expect(state).toMatchObject({ mode: 'query', indexName: 'GSI1', partitionValue: 'SEASON#2026-Q2', sortOperator: 'begins_with', sortValue: 'RATING#', forward: false, limit: '10' });
  });

  it('opens a GetItem as the Query on both key values', () => {
    const state = patternQueryState(leaderboard, plan(leaderboard, 'getPlayer'), { playerId: 'u8231' });
    expect(state).toMatchObject({ mode: 'query', indexName: undefined, partitionValue: 'PLAYER#u8231', sortOperator: '=', sortValue: 'PROFILE', limit: '' });
  });

  it('gives a range pattern both bounds, and the key condition the panel builds is the one verify sent', () => {
    const thePlan = plan(auditLog, 'actorEventsInWindow');
    const args = { actorId: 'u_8814', atFrom: '2026-06-23T00:00:00Z', atTo: '2026-06-24T00:00:00Z' };
    const state = patternQueryState(auditLog, thePlan, args);
    expect(state.sortOperator).toBe('BETWEEN');
    expect(state.sortValue.startsWith('EVT#2026-06-23T00:00:00')).toBe(true);
    expect(state.sortValue2 > state.sortValue).toBe(true);

    const built = keyConditionText(state, stringKeys('PK', 'SK'));
    if (!built.ok) throw new Error('the key condition did not build');
    const fromPanel = compileFriendly({ key: built.text });
    const sent = requestForPlan(auditLog, thePlan, args).params;
    expect(Object.values(fromPanel.ExpressionAttributeValues ?? {})).toEqual(Object.values(sent.ExpressionAttributeValues ?? {}));
  });

  it('leaves the key fields empty when the arguments no longer fit the model', () => {
    const state = patternQueryState(auditLog, plan(auditLog, 'actorEventsInWindow'), { actorId: 'x' });
    expect(state.partitionValue).toBe('');
    expect(state.indexName).toBeUndefined();
  });

  it('puts the pane in the workbench URL, where the panel reads it back unchanged', () => {
    const state = patternQueryState(leaderboard, plan(leaderboard, 'findPlayerByHandle'), { handle: 'nïghthawk 😀' });
    const path = queryPanelPath('embedded', 'dtverify_1_abc_Leaderboard', state);
    expect(path.startsWith('/c/embedded/t/dtverify_1_abc_Leaderboard?panes=')).toBe(true);
    expect(panesFromSearch(path.slice(path.indexOf('?')))).toEqual([state]);
  });

  it('finds the kept table of a model table by the order of the report', () => {
    expect(keptTableName(leaderboard, ['dtverify_7_x_Leaderboard'], 'Leaderboard')).toBe('dtverify_7_x_Leaderboard');
    expect(keptTableName(leaderboard, ['dtverify_7_x_Leaderboard'], 'Other')).toBeUndefined();
  });

  it('designs a model without keys before planning, as verify does', () => {
    const withoutKeys: Model = { ...leaderboard, entities: leaderboard.entities.map((entity) => ({ ...entity, keys: {} })) };
    const designed = verifiedModel(withoutKeys);
    expect(designed.entities.some((entity) => Object.keys(entity.keys).length > 0)).toBe(true);
    expect(planPatterns(designed).size).toBe(leaderboard.accessPatterns.length);
  });
});
