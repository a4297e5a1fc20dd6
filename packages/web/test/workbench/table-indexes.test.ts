import { describe, expect, it } from 'vitest';
import { findTarget, primaryKeyNames, queryTargets, targetLabel } from '../../src/workbench/table-indexes.js';
import { LEADERBOARD } from './fixtures.js';

describe('queryTargets', () => {
  it('lists the table, every GSI and every LSI with typed keys', () => {
    const targets = queryTargets(LEADERBOARD);
    expect(targets.map((target) => [target.kind, target.indexName])).toEqual([
      ['table', undefined],
      ['gsi', 'by-score'],
      ['lsi', 'by-blob'],
    ]);
    expect(targets[1]!.partitionKey).toEqual({ name: 'game', type: 'S' });
    expect(targets[1]!.sortKey).toEqual({ name: 'score', type: 'N' });
    expect(targets[1]!.projection).toBe('KEYS_ONLY');
    expect(targets[2]!.sortKey).toEqual({ name: 'blob', type: 'B' });
  });

  it('falls back to the table for an unknown index name', () => {
    const targets = queryTargets(LEADERBOARD);
    expect(findTarget(targets, 'nope').kind).toBe('table');
    expect(findTarget(targets, 'by-blob').kind).toBe('lsi');
  });

  it('names the primary key and labels each target', () => {
    expect(primaryKeyNames(LEADERBOARD)).toEqual(['PK', 'SK']);
    expect(queryTargets(LEADERBOARD).map(targetLabel)).toEqual([
      'Table (PK, SK)',
      'GSI by-score (game, score; KEYS_ONLY)',
      'LSI by-blob (PK, blob; ALL)',
    ]);
  });
});
