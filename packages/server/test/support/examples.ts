/** The example models of the repository, read for tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseModel, type Model } from '@dynotable/core';

export const EXAMPLE_NAMES = ['audit-log', 'ticket-desk', 'leaderboard'] as const;

export const BROKEN_VARIANTS = [
  'leaderboard-unpadded-rating',
  'leaderboard-uuid-sort-key',
  'audit-log-us-dates',
  'ticket-desk-status-in-base-key',
  'ticket-desk-stale-composite',
] as const;

export function examplePath(name: string): string {
  return fileURLToPath(new URL(`../../../../examples/${name}.yaml`, import.meta.url));
}

export function loadExample(name: string): Model {
  return parseModel(readFileSync(examplePath(name), 'utf8'), `${name}.yaml`);
}
