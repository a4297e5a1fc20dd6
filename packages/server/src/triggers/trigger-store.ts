/**
 * What a data folder keeps of its triggers, in `triggers.json` beside the
 * engine's database: the triggers added in the workbench (their ids and
 * settings, started again when the workbench starts on that folder), and the
 * checkpoints of every trigger that read its tables — a workbench trigger's
 * under its id, a `dynotable engine --trigger`'s under its table and handler
 * (the same handler on the same table goes on where it stopped). An engine in
 * memory keeps them in memory, and they go with it.
 */
import { join } from 'node:path';
import { readJsonFile, writeJsonFile } from '../files/json-file.js';
import { Checkpoints } from './checkpoints.js';
import type { ShardProgress, TriggerProgress } from './checkpoints.js';
import { checkSettings } from './settings.js';
import type { TriggerSettings } from './settings.js';

const TRIGGER_FILE = 'triggers.json';

export interface SavedTrigger {
  readonly id: string;
  readonly settings: TriggerSettings;
}

interface TriggerFile {
  version: 1;
  triggers: SavedTrigger[];
  checkpoints: Record<string, TriggerProgress>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A saved trigger whose settings still pass the checks; anything else in the file is left out. */
function readTrigger(value: unknown): SavedTrigger | undefined {
  if (!isRecord(value) || typeof value['id'] !== 'string' || !isRecord(value['settings'])) return undefined;
  try {
    return { id: value['id'], settings: checkSettings(value['settings'] as unknown as TriggerSettings) };
  } catch {
    return undefined;
  }
}

function readProgress(value: unknown): TriggerProgress {
  const progress: TriggerProgress = {};
  if (!isRecord(value)) return progress;
  for (const [streamArn, shards] of Object.entries(value)) {
    if (!isRecord(shards)) continue;
    const kept: Record<string, ShardProgress> = {};
    for (const [shardId, shard] of Object.entries(shards)) {
      if (!isRecord(shard)) continue;
      const after = typeof shard['after'] === 'string' ? { after: shard['after'] } : {};
      kept[shardId] = shard['ended'] === true ? { ...after, ended: true } : after;
    }
    progress[streamArn] = kept;
  }
  return progress;
}

/** The file's contents; an unreadable file reads as empty (the next save replaces it). */
function readTriggerFile(path: string | undefined): TriggerFile {
  const parsed = path === undefined ? undefined : readJsonFile(path);
  const file: TriggerFile = { version: 1, triggers: [], checkpoints: {} };
  if (!isRecord(parsed)) return file;
  if (Array.isArray(parsed['triggers'])) {
    for (const value of parsed['triggers']) {
      const trigger = readTrigger(value);
      if (trigger !== undefined) file.triggers.push(trigger);
    }
  }
  if (isRecord(parsed['checkpoints'])) {
    for (const [key, value] of Object.entries(parsed['checkpoints'])) file.checkpoints[key] = readProgress(value);
  }
  return file;
}

export class TriggerStore {
  private readonly file: TriggerFile;

  /** `path` undefined: in memory. */
  constructor(readonly path: string | undefined) {
    this.file = readTriggerFile(path);
  }

  /** The workbench's triggers, in the order they were added. */
  triggers(): readonly SavedTrigger[] {
    return this.file.triggers;
  }

  addTrigger(trigger: SavedTrigger): void {
    this.file.triggers.push(trigger);
    this.save();
  }

  /** A removed trigger stays removed, and its checkpoints go with it. */
  removeTrigger(id: string): void {
    this.file.triggers = this.file.triggers.filter((trigger) => trigger.id !== id);
    delete this.file.checkpoints[id];
    this.save();
  }

  /** The checkpoints kept under `key`, saved to the file on every change. */
  checkpoints(key: string): Checkpoints {
    const ranBefore = Object.hasOwn(this.file.checkpoints, key);
    const progress = (this.file.checkpoints[key] ??= {});
    return new Checkpoints(ranBefore, progress, () => this.save());
  }

  private save(): void {
    if (this.path !== undefined) writeJsonFile(this.path, this.file);
  }
}

/** The store of a data folder (`triggers.json` in it); in memory for an engine without one. */
export function triggerStoreOf(dataDir: string | undefined): TriggerStore {
  return new TriggerStore(dataDir === undefined ? undefined : join(dataDir, TRIGGER_FILE));
}
