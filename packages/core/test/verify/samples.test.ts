import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSamples, parseModel, type Model } from '@dynotable/core';

const example = (name: string): Model => parseModel(readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8'), `${name}.yaml`);

describe('generateSamples', () => {
  const leaderboard = example('leaderboard');

  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateSamples(leaderboard, { items: 500, seed: 7 });
    const b = generateSamples(leaderboard, { items: 500, seed: 7 });
    const c = generateSamples(leaderboard, { items: 500, seed: 8 });
    expect(JSON.stringify(a.records)).toBe(JSON.stringify(b.records));
    expect(JSON.stringify(a.records)).not.toBe(JSON.stringify(c.records));
  });

  it('shares the items between entities by their declared counts', () => {
    const { records } = generateSamples(leaderboard, { items: 2000, seed: 1 });
    const players = records['Player']!.length;
    const matches = records['Match']!.length;
    expect(players + matches).toBeGreaterThanOrEqual(1990);
    expect(matches).toBeGreaterThan(players * 20);
  });

  it('stays inside declared ranges, lengths and enums', () => {
    const { records } = generateSamples(leaderboard, { items: 3000, seed: 3 });
    for (const { values } of records['Player']!) {
      expect(values['rating']).toBeGreaterThanOrEqual(0);
      expect(values['rating']).toBeLessThanOrEqual(99999);
      expect(Number.isInteger(values['rating'])).toBe(true);
      expect(['eu', 'us', 'ap']).toContain(values['region']);
      const handle = values['handle'] as string;
      expect([...handle].length).toBeGreaterThanOrEqual(3);
    }
    for (const { values } of records['Match']!) {
      expect(values['ratingDelta']).toBeGreaterThanOrEqual(-50);
      expect(values['ratingDelta']).toBeLessThanOrEqual(50);
      expect(values['playedAt']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
  });

  it('is adversarial: numbers across digit counts, negatives, equal timestamps, a hot partition', () => {
    const { records } = generateSamples(leaderboard, { items: 5000, seed: 11 });
    const ratings = new Set(records['Player']!.map((r) => r.values['rating']));
    for (const n of [9, 10, 99, 100, 1000]) expect(ratings).toContain(n);
    const deltas = records['Match']!.map((r) => r.values['ratingDelta'] as number);
    expect(deltas.some((d) => d < 0)).toBe(true);
    const byPlayer = new Map<unknown, number>();
    const times = new Map<string, number>();
    for (const { values } of records['Match']!) {
      byPlayer.set(values['playerId'], (byPlayer.get(values['playerId']) ?? 0) + 1);
      const key = `${String(values['playerId'])} ${String(values['playedAt'])}`;
      times.set(key, (times.get(key) ?? 0) + 1);
    }
    const largest = Math.max(...byPlayer.values());
    expect(largest / records['Match']!.length).toBeGreaterThan(0.15);
    expect([...times.values()].some((n) => n > 1)).toBe(true);
  });

  it('takes references from the owning entity, so a match belongs to a real player', () => {
    const { records } = generateSamples(leaderboard, { items: 1000, seed: 5 });
    const players = new Set(records['Player']!.map((r) => r.values['playerId']));
    for (const match of records['Match']!) expect(players).toContain(match.values['playerId']);
    expect(players.size).toBe(records['Player']!.length);
  });

  it('leaves items out of a sparse index: not every ticket is open', () => {
    const { records } = generateSamples(example('ticket-desk'), { items: 500, seed: 2 });
    const statuses = new Set(records['Ticket']!.map((r) => r.values['status']));
    expect(statuses).toContain('open');
    expect(statuses.size).toBeGreaterThan(1);
  });
});
