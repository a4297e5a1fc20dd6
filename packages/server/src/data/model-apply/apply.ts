/**
 * A model applied to a connection: its tables created (refused when one
 * exists, unless those are skipped), then, when asked, sample items of every
 * entity loaded into the tables it created, journaled so they can be undone.
 * The command line and the API's job both run this.
 */
import { planSampleItems, type ApplyPlan, type Model } from '@dynotable/core';
import type { AppliedTable, ApplyResult } from './apply-types.js';
import type { WireSend } from '../../transfer/wire-send.js';
import { addConsumed, NOTHING_CONSUMED } from '../consumed.js';
import type { Progress } from '../progress.js';
import { createPlannedTables } from './create-tables.js';
import { loadSampleItems, type JournalPlace } from './sample-load.js';

export interface ApplyRequest {
  readonly model: Model;
  readonly plan: ApplyPlan;
  readonly send: WireSend;
  readonly skipExisting: boolean;
  readonly journal: JournalPlace;
  readonly report: (progress: Progress) => void;
  readonly signal: AbortSignal;
}

export async function applyModel(request: ApplyRequest): Promise<ApplyResult> {
  const { model, plan, send, signal } = request;
  const { created } = await createPlannedTables({ send, plan, skipExisting: request.skipExisting, report: request.report, signal });
  const items = planSampleItems(model, plan);
  const planned = plan.tables.filter((table) => created.includes(table.name)).reduce((sum, table) => sum + (items.get(table.name)?.length ?? 0), 0);
  const loaded = new Map<string, number>();
  let before = 0;
  let cancelled = false;
  let consumed = NOTHING_CONSUMED;
  for (const table of plan.tables) {
    const tableItems = items.get(table.name) ?? [];
    if (!created.includes(table.name) || tableItems.length === 0 || cancelled) continue;
    const offset = before;
    const result = await loadSampleItems({
      send,
      table: table.name,
      items: tableItems,
      created: true,
      journal: request.journal,
      // One bar over every table's items.
      report: (progress) => request.report({ phase: progress.phase, done: offset + progress.done, total: planned }),
      signal,
    });
    loaded.set(table.name, result.written);
    consumed = addConsumed(consumed, result.consumed);
    before += tableItems.length;
    cancelled = result.stopped;
  }
  const tables = plan.tables.map((table): AppliedTable => ({
    name: table.name,
    modelTable: table.modelTable,
    outcome: created.includes(table.name) ? 'created' : 'skipped',
    loaded: loaded.get(table.name) ?? 0,
  }));
  return { model: model.name, tables, loaded: [...loaded.values()].reduce((a, b) => a + b, 0), planned, cancelled, consumed };
}
