/**
 * Import-export-import through the HTTP API: random items of every type
 * (38-digit numbers, binary, every set, nested maps and lists, empty strings,
 * non-ASCII and astral text, also in attribute names) put into one table,
 * exported (a job followed through its server-sent events, then the
 * download), imported into a second table, exported again. The two files must
 * be byte-identical and every item must read back as it was put.
 */
import fc from 'fast-check';
import { itemToWire, normalizeNumber, type Item } from '@dynotable/core';
import { expect } from 'vitest';
import { itemArbitrary } from '../../../../core/test/support/arbitraries-values.js';
import { runJob, type DynotableSession, type JobSnapshot } from './dynotable-process.js';

type WireItem = Record<string, unknown>;

/** Distinct keys that exercise the key codecs too: non-ASCII text and 38-digit numbers. */
function keyOf(index: number): Item {
  const digits = String(index + 1).padStart(4, '0');
  return {
    pk: { S: `ïtem-${index % 7}-😀` },
    // 38 significant digits, negative for every other item.
    sk: { N: `${index % 2 === 0 ? '-' : ''}1234567890123456789012345678901234${digits}` },
  };
}

/** `count` random items (the same for a given seed), each with its own key. */
export function randomItems(count: number, seed: number): WireItem[] {
  const bodies = fc.sample(itemArbitrary({ canonicalNumbers: true }), { numRuns: count, seed });
  return bodies.map((body, index) => {
    const item: Item = {};
    for (const [name, value] of Object.entries(body)) if (name !== 'pk' && name !== 'sk') item[name] = value;
    return itemToWire({ ...item, ...keyOf(index) }) as WireItem;
  });
}

/**
 * The value as DynamoDB defines equality: sets unordered, numbers by value.
 * DynamoDB Local answers set members in its own order, and some numbers inside
 * lists in exponent form (`8.6597113E-68`).
 */
function byValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(byValue);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1) {
    const [type, field] = entries[0]!;
    if (type === 'N' && typeof field === 'string') return { N: normalizeNumber(field) };
    if (type === 'NS' && Array.isArray(field)) return { NS: (field as string[]).map(normalizeNumber).sort() };
    if ((type === 'SS' || type === 'BS') && Array.isArray(field)) return { [type]: [...(field as string[])].sort() };
  }
  return Object.fromEntries(entries.map(([name, field]) => [name, byValue(field)]));
}

function keyOfWire(item: WireItem): WireItem {
  return { pk: item['pk'], sk: item['sk'] };
}

async function createTable(session: DynotableSession, connectionId: string, name: string): Promise<void> {
  const base = `/api/connections/${encodeURIComponent(connectionId)}/tables`;
  const created = await session.api('POST', base, { name, partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'N' } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  for (let attempt = 0; attempt < 100; attempt++) {
    const described = await session.api<{ table: { TableStatus: string } }>('GET', `${base}/${encodeURIComponent(name)}`);
    if (described.body.table.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`table ${name} did not become ACTIVE`);
}

export async function deleteTable(session: DynotableSession, connectionId: string, name: string): Promise<void> {
  await session.api('DELETE', `/api/connections/${encodeURIComponent(connectionId)}/tables/${encodeURIComponent(name)}?confirmName=${encodeURIComponent(name)}`);
}

/** Export the whole table as DynamoDB JSON; returns the file's text and the job's event stream. */
async function exportTable(session: DynotableSession, connectionId: string, table: string): Promise<{ text: string; events: JobSnapshot[]; final: JobSnapshot }> {
  const { events, final } = await runJob(
    session,
    session.api('POST', `/api/connections/${encodeURIComponent(connectionId)}/tables/${encodeURIComponent(table)}/export`, { format: 'dynamodb-json' }),
  );
  expect(final.state, JSON.stringify(final.error)).toBe('succeeded');
  const download = final.result?.['download'] as { id: string; fileName: string; size: number };
  const file = await session.text(`/api/downloads/${encodeURIComponent(download.id)}`);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toContain('attachment');
  expect(new TextEncoder().encode(file.text).length).toBe(download.size);
  return { text: file.text, events, final };
}

export interface RoundTripResult {
  readonly first: string;
  readonly second: string;
  readonly items: readonly WireItem[];
}

/** Put `items` into `<prefix>Source`, export, import into `<prefix>Target`, export again; returns both files. */
export async function roundTrip(
  session: DynotableSession,
  connectionId: string,
  prefix: string,
  items: readonly WireItem[],
  /** `exact`: every item reads back as the same JSON; `by value`: as the same DynamoDB value. */
  compare: 'exact' | 'by value',
): Promise<RoundTripResult> {
  const source = `${prefix}Source`;
  const target = `${prefix}Target`;
  await createTable(session, connectionId, source);
  await createTable(session, connectionId, target);
  const itemsPath = (table: string) => `/api/connections/${encodeURIComponent(connectionId)}/tables/${encodeURIComponent(table)}/items`;
  for (const item of items) {
    const put = await session.api('POST', `${itemsPath(source)}/put`, { Item: item });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }

  const first = await exportTable(session, connectionId, source);
  expect(first.final.result).toMatchObject({ table: source, format: 'dynamodb-json', items: items.length, cancelled: false });
  expect(first.events[0]!.state).toBe('running');
  expect(first.events.map((event) => event.progress.done)).toEqual([...first.events.map((event) => event.progress.done)].sort((a, b) => a - b));
  expect(first.final.progress.done).toBe(items.length);

  const imported = await runJob(session, session.api('POST', `/api/connections/${encodeURIComponent(connectionId)}/tables/${encodeURIComponent(target)}/import`, { format: 'dynamodb-json', content: first.text }));
  expect(imported.final.state, JSON.stringify(imported.final.error)).toBe('succeeded');
  expect(imported.final.result).toMatchObject({ table: target, items: items.length, written: items.length, cancelled: false });

  const second = await exportTable(session, connectionId, target);
  for (const [table, label] of [
    [source, 'as put'],
    [target, 'as imported'],
  ] as const) {
    for (const item of items) {
      const got = await session.api<{ item?: WireItem }>('POST', `${itemsPath(table)}/get`, { Key: keyOfWire(item), ConsistentRead: true });
      expect(got.status).toBe(200);
      const where = `${label}: ${JSON.stringify(keyOfWire(item))}`;
      if (compare === 'exact') expect(got.body.item, where).toEqual(item);
      else expect(byValue(got.body.item), where).toEqual(byValue(item));
    }
  }
  return { first: first.text, second: second.text, items };
}
