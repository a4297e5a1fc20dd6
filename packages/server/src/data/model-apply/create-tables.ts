/**
 * The plan's tables on a connection: refused, naming them, when any exists
 * already (unless those are to be skipped), then created one after another,
 * each awaited until it and its indexes are ACTIVE, and TTL turned on where
 * the model has it.
 */
import type { ApplyPlan, PlannedTable } from '@dynotable/core';
import type { WireSend } from '../../transfer/wire-send.js';
import { abortError, sleep } from '../backoff.js';
import { DataError } from '../errors.js';
import type { Progress } from '../progress.js';

/** A table on AWS takes seconds to a few minutes; a GSI on a large table longer, but a new table's are empty. */
const ACTIVE_WAIT_MS = 10 * 60_000;

export interface TableCreation {
  readonly send: WireSend;
  readonly plan: ApplyPlan;
  /** Leave the tables that exist as they are instead of refusing. */
  readonly skipExisting: boolean;
  readonly report: (progress: Progress) => void;
  readonly signal: AbortSignal;
}

export interface CreatedTables {
  readonly created: readonly string[];
  /** Existing tables left as they are. */
  readonly skipped: readonly string[];
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ResourceNotFoundException' || (error as { type?: string }).type === 'ResourceNotFoundException');
}

/** DescribeTable's `Table`, or undefined when there is no such table. */
export async function describeIfExists(send: WireSend, table: string): Promise<Record<string, unknown> | undefined> {
  try {
    return ((await send('DescribeTable', { TableName: table }))['Table'] ?? {}) as Record<string, unknown>;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** The plan's tables that exist on the connection. */
export async function existingTables(send: WireSend, plan: ApplyPlan): Promise<string[]> {
  const found: string[] = [];
  for (const table of plan.tables) if ((await describeIfExists(send, table.name)) !== undefined) found.push(table.name);
  return found;
}

export function tablesExistError(existing: readonly string[]): DataError {
  const names = existing.join(', ');
  const one = existing.length === 1;
  return new DataError(
    'conflict',
    'ResourceInUseException',
    `${one ? 'table' : 'tables'} ${names} ${one ? 'exists' : 'exist'} already, so nothing was created: skip the tables that exist, or create the model's tables under a name prefix`,
    { existing },
  );
}

async function waitUntilActive(send: WireSend, name: string, signal: AbortSignal): Promise<void> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const table = (await describeIfExists(send, name)) as { TableStatus?: string; GlobalSecondaryIndexes?: { IndexStatus?: string }[] } | undefined;
    const ready = table?.TableStatus === 'ACTIVE' && (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === undefined || index.IndexStatus === 'ACTIVE');
    if (ready) return;
    if (Date.now() - started > ACTIVE_WAIT_MS) throw new DataError('timeout', 'TableNotActive', `table ${name} was not ACTIVE after ${ACTIVE_WAIT_MS / 60_000} minutes; it was created, and may become ACTIVE later`);
    await sleep(Math.min(2000, 50 * 2 ** attempt), signal);
  }
}

async function createOne(send: WireSend, table: PlannedTable, signal: AbortSignal): Promise<void> {
  await send('CreateTable', { ...table.request });
  await waitUntilActive(send, table.name, signal);
  if (table.timeToLiveAttribute !== undefined) {
    await send('UpdateTimeToLive', { TableName: table.name, TimeToLiveSpecification: { Enabled: true, AttributeName: table.timeToLiveAttribute } });
  }
}

export async function createPlannedTables(creation: TableCreation): Promise<CreatedTables> {
  const { send, plan, signal, report } = creation;
  const existing = await existingTables(send, plan);
  if (existing.length > 0 && !creation.skipExisting) throw tablesExistError(existing);
  const created: string[] = [];
  const total = plan.tables.length;
  report({ phase: 'create tables', done: 0, total });
  for (const [i, table] of plan.tables.entries()) {
    if (signal.aborted) throw abortError();
    if (!existing.includes(table.name)) {
      try {
        await createOne(send, table, signal);
      } catch (error) {
        const done = created.length === 0 ? 'no table was created' : `${created.join(', ')} ${created.length === 1 ? 'was' : 'were'} created before it`;
        if (error instanceof DataError || (error instanceof Error && error.name === 'AbortError')) throw error;
        const type = error instanceof Error && error.name !== 'Error' ? error.name : 'InternalError';
        throw new DataError('invalid', type, `creating table ${table.name}: ${error instanceof Error ? error.message : String(error)} (${done})`, { created });
      }
      created.push(table.name);
    }
    report({ phase: 'create tables', done: i + 1, total });
  }
  return { created, skipped: existing };
}
