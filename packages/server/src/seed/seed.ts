/**
 * First run: a new embedded engine gets the three example models' tables
 * (audit log, ticket desk, leaderboard) filled with realistic data, so the
 * workbench has something to explore at once. Deterministic; never touches an
 * engine that already has tables. Written straight into the engine: going
 * through the SDK would sign and serialize 180 batches for nothing.
 */
import { readFileSync } from 'node:fs';
import { itemToWire, MAX_BATCH_WRITE_REQUESTS, type WireItem } from '@dynotable/core';
import type { Engine } from '@dynotable/engine';
import { auditLogSeed } from './audit-log-data.js';
import { leaderboardSeed } from './leaderboard-data.js';
import { createInput, type SeedTable } from './seed-table.js';
import { ticketDeskSeed } from './ticket-desk-data.js';

export interface SeedResult {
  readonly seeded: boolean;
  readonly tables: ReadonlyArray<{ readonly name: string; readonly items: number }>;
}

/** One example table as the engine takes it. */
export interface WireSeedTable {
  readonly name: string;
  readonly createTable: Record<string, unknown>;
  readonly timeToLiveAttribute?: string;
  readonly items: WireItem[];
}

/** BatchWriteItem's limit. */
const BATCH = MAX_BATCH_WRITE_REQUESTS;

export function exampleSeedTables(): SeedTable[] {
  return [auditLogSeed(), ticketDeskSeed(), leaderboardSeed()];
}

export function wireSeedTables(): WireSeedTable[] {
  return exampleSeedTables().map((seed) => ({
    name: seed.table.name,
    createTable: createInput(seed),
    ...(seed.table.timeToLiveAttribute === undefined ? {} : { timeToLiveAttribute: seed.table.timeToLiveAttribute }),
    items: seed.items.map(itemToWire),
  }));
}

/**
 * Set by the bundler (scripts/bundle.js) to a file beside the bundle holding
 * wireSeedTables() as computed at build time: generating the data takes longer
 * than the rest of a first start. Undeclared when running the compiled files.
 */
declare const BUNDLED_SEED_FILE: string | undefined;

function tablesToSeed(): WireSeedTable[] {
  if (typeof BUNDLED_SEED_FILE === 'string') return JSON.parse(readFileSync(new URL(BUNDLED_SEED_FILE, import.meta.url), 'utf8')) as WireSeedTable[];
  return wireSeedTables();
}

/** Lets the event loop run between batches: a server started before seeding serves its pages meanwhile. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function writeAll(engine: Engine, table: string, items: readonly WireItem[]): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let round = 0; pending.length > 0; round++) {
    if (round > 20) throw new Error(`seeding ${table}: items stayed unprocessed`);
    const next: typeof pending = [];
    for (let start = 0; start < pending.length; start += BATCH) {
      await turn();
      const output = engine.execute('BatchWriteItem', { RequestItems: { [table]: pending.slice(start, start + BATCH) } });
      const unprocessed = (output['UnprocessedItems'] as Record<string, typeof pending> | undefined)?.[table];
      if (unprocessed !== undefined) next.push(...unprocessed);
    }
    pending = next;
  }
}

/** Seeds the examples into an engine that has no table yet. */
export async function seedEmbeddedEngine(engine: Engine): Promise<SeedResult> {
  const existing = engine.execute('ListTables', { Limit: 1 })['TableNames'] as string[];
  if (existing.length > 0) return { seeded: false, tables: [] };
  const tables: Array<{ name: string; items: number }> = [];
  for (const seed of tablesToSeed()) {
    engine.execute('CreateTable', seed.createTable);
    if (seed.timeToLiveAttribute !== undefined) {
      engine.execute('UpdateTimeToLive', { TableName: seed.name, TimeToLiveSpecification: { Enabled: true, AttributeName: seed.timeToLiveAttribute } });
    }
    await writeAll(engine, seed.name, seed.items);
    tables.push({ name: seed.name, items: seed.items.length });
  }
  return { seeded: true, tables };
}
