import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseModel, serializeModel } from '@dynotable/core';
import { lineOfFinding } from '../../src/designer/finding-lines.js';

const LEADERBOARD = readFileSync(new URL('../../../../examples/leaderboard.yaml', import.meta.url), 'utf8');
const lineText = (text: string, line: number | undefined) => (line === undefined ? undefined : text.split('\n')[line - 1]!.trim());

describe('the line of a finding', () => {
  it("finds an entity's key template in its own block of the YAML", () => {
    expect(lineText(LEADERBOARD, lineOfFinding(LEADERBOARD, { entity: 'Player', keyAttribute: 'GSI1SK', attribute: 'rating' }))).toBe('GSI1SK: RATING#{rating:05}');
    const matchPk = lineOfFinding(LEADERBOARD, { entity: 'Match', keyAttribute: 'PK' })!;
    expect(lineText(LEADERBOARD, matchPk)).toBe('PK: PLAYER#{playerId}');
    expect(matchPk).toBeGreaterThan(lineOfFinding(LEADERBOARD, { entity: 'Match' })!);
  });

  it('finds attributes, indexes and access patterns', () => {
    expect(lineText(LEADERBOARD, lineOfFinding(LEADERBOARD, { entity: 'Match', attribute: 'playedAt' }))).toBe('playedAt: timestamp');
    expect(lineText(LEADERBOARD, lineOfFinding(LEADERBOARD, { index: 'GSI2' }))).toBe('GSI2:');
    expect(lineText(LEADERBOARD, lineOfFinding(LEADERBOARD, { pattern: 'findPlayerByHandle' }))).toBe('- name: findPlayerByHandle');
    expect(lineText(LEADERBOARD, lineOfFinding(LEADERBOARD, { writePath: 'updateRating' }))).toMatch(/^- \{ name: updateRating,/);
  });

  it('finds the same places in the JSON form and the compact YAML the server writes', () => {
    const model = parseModel(LEADERBOARD);
    for (const format of ['json', 'yaml'] as const) {
      const text = serializeModel(model, format);
      expect(lineText(text, lineOfFinding(text, { entity: 'Player', keyAttribute: 'GSI1SK' }))).toMatch(/^"?GSI1SK"?: "?RATING#\{rating:05\}"?,?$/);
      expect(lineText(text, lineOfFinding(text, { pattern: 'topPlayersOfSeason' }))).toContain('topPlayersOfSeason');
    }
  });

  it('says nothing when the text does not show the place', () => {
    expect(lineOfFinding('', { entity: 'Player', keyAttribute: 'PK' })).toBeUndefined();
    expect(lineOfFinding(LEADERBOARD, {})).toBeUndefined();
  });
});
