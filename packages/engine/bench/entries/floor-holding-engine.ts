/**
 * The floor, in a process that also holds an engine with the bench's items in
 * memory, never asked anything: whether a heap of the engine's size slows the
 * floor's answers (`ab.bench.ts --decompose`). `floor-holding-engine <port> <items>`.
 */
import { engineWithItems } from '../engine-with-items.js';

// Kept reachable for the life of the process.
(globalThis as { heldEngine?: unknown }).heldEngine = engineWithItems(Number(process.argv[3] ?? 5_000));
await import('./floor-server.js');
