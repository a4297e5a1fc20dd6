export { createEngine, type Engine, type EngineOptions } from './engine.js';
export type { EngineContext, Operation } from './context.js';
export { MemoryStorage } from './storage/memory.js';
export type * from './storage/storage.js';
export * from './wire/index.js';
export { startTtlSweeper, sweepExpiredItems } from './ttl/index.js';
