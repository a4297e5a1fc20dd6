/**
 * `npm run bench` (second part): verification of a model with 20 access
 * patterns and 10,000 sample items on the embedded engine. Target: under 5 s.
 * The model is the three seed examples in one, plus eleven more questions their
 * keys answer.
 */
import { readFileSync } from 'node:fs';
import { parseModel, verifyModel, type AccessPatternSpec, type Model } from '@dynotable/core';
import { embeddedEngineTarget } from '../src/connections/verify-target.js';

const ITEMS = 10_000;
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);

function example(name: string): Model {
  return parseModel(readFileSync(new URL(`../../../examples/${name}.yaml`, import.meta.url), 'utf8'), `${name}.yaml`);
}

const extra: AccessPatternSpec[] = [
  { name: 'listOldestMatches', question: 'list matches by player, oldest first' },
  { name: 'topFivePlayers', question: 'top 5 players by rating in a season' },
  { name: 'topHundredPlayers', question: 'top 100 players by rating in a season' },
  { name: 'lowestRatedPlayers', question: 'list players by rating in a season, lowest first' },
  { name: 'listOldestEvents', question: 'list events of an actor, oldest first' },
  { name: 'newestEventsInWindow', question: 'events of an actor between two times, newest first' },
  { name: 'recentEvents', question: 'top 20 events of an actor, newest first' },
  { name: 'newestOpenTickets', question: 'list open tickets by team, newest first' },
  { name: 'firstOpenTickets', question: 'top 5 open tickets by team, oldest first' },
  { name: 'fetchTicket', question: 'fetch ticket by id' },
  { name: 'lookUpPlayer', question: 'look up player by handle' },
];

function benchModel(): Model {
  const parts = ['leaderboard', 'audit-log', 'ticket-desk'].map(example);
  return {
    name: 'twenty-patterns',
    tables: parts.flatMap((m) => m.tables),
    entities: parts.flatMap((m) => m.entities),
    accessPatterns: [...parts.flatMap((m) => m.accessPatterns), ...extra],
    writePaths: parts.flatMap((m) => m.writePaths),
  };
}

const model = benchModel();
console.log(`verify: ${model.accessPatterns.length} access patterns, ${ITEMS} items, embedded engine, ${ROUNDS} rounds`);
const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const target = embeddedEngineTarget();
  const start = performance.now();
  const report = await verifyModel(model, target, { items: ITEMS, seed: round + 1 });
  times.push(performance.now() - start);
  target.close();
  if (!report.passed) {
    console.error(`round ${round + 1}: verification failed`, JSON.stringify(report.patterns.filter((p) => !p.passed), null, 1).slice(0, 2000));
    process.exitCode = 1;
  }
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(`verify median ${(median / 1000).toFixed(2)} s (min ${(times[0]! / 1000).toFixed(2)} s) — target under 5 s: ${median < 5000 ? 'met' : 'NOT met'}`);
