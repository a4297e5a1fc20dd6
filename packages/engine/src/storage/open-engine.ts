/**
 * An engine whose tables live on disk in `dataDir` (created if missing), or in
 * memory without one; with `readOnly`, the tables on disk as they are, nothing
 * created or changed (NoDatabaseError when the directory holds none). Throws DataDirectoryInUseError when another engine holds
 * the directory and StorageFormatError when its format cannot be read.
 */
import { createEngine, type Engine, type EngineOptions } from '../engine.js';
import type { OpenOptions } from './sqlite-open.js';
import { SqliteStorage } from './sqlite.js';

export interface OpenEngineOptions extends Omit<EngineOptions, 'storage'>, OpenOptions {
  dataDir?: string;
}

export function openEngine(options: OpenEngineOptions = {}): Engine {
  const { dataDir, durability, readOnly, ...engineOptions } = options;
  if (dataDir === undefined) return createEngine(engineOptions);
  const storage = SqliteStorage.open(dataDir, { durability, readOnly });
  try {
    return createEngine({ ...engineOptions, storage });
  } catch (error) {
    storage.close();
    throw error;
  }
}
