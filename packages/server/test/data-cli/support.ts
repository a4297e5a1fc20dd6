/** Engines on disk for the `dynotable data` tests: opened around each setup step, closed before the command runs (it opens the folder itself). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine, type Engine } from '@dynotable/engine';
import { testTableInput } from '../transfer/support.js';

export function temporaryFolder(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'dynotable-data-cli-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function withEngine<T>(dataDir: string, work: (engine: Engine) => T): T {
  const engine = openEngine({ dataDir });
  try {
    return work(engine);
  } finally {
    engine.close();
  }
}

/** A table keyed pk (S) / sk (N) with a global index on gpk. */
export function createTable(engine: Engine, name: string, withIndex = true): void {
  engine.execute('CreateTable', testTableInput(name, withIndex));
}

export function putItems(engine: Engine, table: string, items: readonly Record<string, unknown>[]): void {
  for (let start = 0; start < items.length; start += 25) {
    engine.execute('BatchWriteItem', { RequestItems: { [table]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) } });
  }
}

/** JSON with every object's members in name order: two items with the same attributes and values give the same text. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, member]) => `${JSON.stringify(name)}:${canonical(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Every item of a table as canonical wire JSON text, sorted, so two tables compare text for text. */
export function itemTexts(engine: Engine, table: string): string[] {
  const texts: string[] = [];
  let start: unknown;
  do {
    const output = engine.execute('Scan', { TableName: table, ...(start ? { ExclusiveStartKey: start } : {}) });
    for (const item of output['Items'] as Record<string, unknown>[]) texts.push(canonical(item));
    start = output['LastEvaluatedKey'];
  } while (start !== undefined);
  return texts.sort();
}

export function itemsOf(engine: Engine, table: string): Record<string, unknown>[] {
  return itemTexts(engine, table).map((text) => JSON.parse(text) as Record<string, unknown>);
}
