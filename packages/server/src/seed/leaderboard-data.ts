/**
 * The leaderboard's example data: 300 players over eight seasons, 2026-Q2 the
 * busiest, and player u8231 "nighthawk" rated 1842 in it with the most
 * matches; ratings fall where real ones do (a few hundred to about 2,400).
 */
import { parseModel, SeededRandom, type SampleRecord } from '@dynotable/core';
import { exampleModelYaml } from './example-models.js';
import { byFrequency, pastTime, sampleRecords, seedTable, withValues, type SeedTable } from './seed-table.js';

const SCENARIO_PLAYER = 'u8231';
const SCENARIO_HANDLE = 'nighthawk';
const SCENARIO_SEASON = '2026-Q2';
const SCENARIO_RATING = 1842;

const SEASONS = [SCENARIO_SEASON, '2026-Q1', '2025-Q4', '2025-Q3', '2025-Q2', '2025-Q1', '2024-Q4', '2024-Q3'];
const MAPS = ['harbor', 'foundry', 'canyon', 'glacier', 'citadel', 'outpost', 'reactor', 'mirage', 'orchard', 'summit', 'quarry', 'lagoon'];
const ADJECTIVES = ['silent', 'crimson', 'lucky', 'iron', 'frosty', 'wild', 'swift', 'shadow', 'solar', 'rusty', 'neon', 'stormy', 'quiet', 'golden', 'feral'];
const NOUNS = ['fox', 'raven', 'comet', 'badger', 'viper', 'otter', 'falcon', 'golem', 'pilot', 'wizard', 'tiger', 'ember', 'knight', 'moth', 'lynx'];

/** Each distinct value a new unique name: the first the scenario's (when given), the rest from `next`, never `reserved`. */
function mapping(values: readonly string[], first: string | undefined, reserved: string, next: (used: Set<string>) => string): Map<string, string> {
  const result = new Map<string, string>();
  const used = new Set([reserved]);
  values.forEach((value, rank) => {
    if (result.has(value)) return;
    if (rank === 0 && first !== undefined) {
      result.set(value, first);
      return;
    }
    let name: string;
    do name = next(used);
    while (used.has(name));
    used.add(name);
    result.set(value, name);
  });
  return result;
}

/** Roughly bell-shaped around 1,450. */
function rating(random: SeededRandom): number {
  return random.int(200, 900) + random.int(200, 800) + random.int(100, 700);
}

function ratingDelta(result: string, random: SeededRandom): number {
  if (result === 'win') return random.int(5, 25);
  if (result === 'loss') return -random.int(5, 25);
  return random.int(-3, 3);
}

export function leaderboardSeed(): SeedTable {
  const model = parseModel(exampleModelYaml('leaderboard'), 'leaderboard.yaml');
  const random = new SeededRandom(1842);
  const records = sampleRecords(model, { Player: 300, Match: 1500 }, 2026);
  const players = records['Player']!;
  const matches = records['Match']!;
  // The player with the most matches is the scenario's; players without matches come after.
  const playerIds = [...byFrequency(matches, 'playerId'), ...players.map((record) => String(record.values['playerId']))];
  const ids = mapping(playerIds, SCENARIO_PLAYER, SCENARIO_PLAYER, () => `u${random.int(1000, 9999)}`);
  const handles = mapping(
    players.map((record) => String(record.values['handle'])),
    undefined,
    SCENARIO_HANDLE,
    (used) => `${random.pick(ADJECTIVES)}${random.pick(NOUNS)}${used.size > 150 ? random.int(1, 99) : ''}`,
  );
  const seasons = new Map(byFrequency(players, 'season').map((generated, rank) => [generated, SEASONS[rank % SEASONS.length]!]));
  const maps = new Map(byFrequency(matches, 'mapId').map((generated, rank) => [generated, MAPS[rank % MAPS.length]!]));

  const playerItems: SampleRecord[] = players.map((record) => {
    const playerId = ids.get(String(record.values['playerId']))!;
    const scenario = playerId === SCENARIO_PLAYER;
    return withValues(record, {
      playerId,
      handle: scenario ? SCENARIO_HANDLE : handles.get(String(record.values['handle'])),
      season: scenario ? SCENARIO_SEASON : seasons.get(String(record.values['season'])),
      rating: scenario ? SCENARIO_RATING : rating(random),
      region: scenario ? 'eu' : record.values['region'],
      createdAt: scenario ? '2025-11-02T18:20:41Z' : pastTime(record.values['createdAt']),
    });
  });
  const matchItems: SampleRecord[] = matches.map((record) => {
    const result = String(record.values['result']);
    return withValues(record, {
      playerId: ids.get(String(record.values['playerId'])),
      playedAt: pastTime(record.values['playedAt']),
      mapId: record.values['mapId'] === undefined ? undefined : maps.get(String(record.values['mapId'])),
      ratingDelta: ratingDelta(result, random),
    });
  });
  return seedTable(model, { Player: playerItems, Match: matchItems });
}
