/**
 * The floor, in a process that also holds an engine with the bench's items in
 * memory, never asked anything: whether a heap of the engine's size slows the
 * floor's answers (`ab.bench.ts --decompose`). `floor-holding-engine <port> <items>`.
 */
import { createEngine } from '../../src/index.js';
import { benchItem, TABLE_INPUT } from '../items.js';

const items = Number(process.argv[3] ?? 5_000);
const engine = createEngine({ region: 'us-east-1' });
engine.execute('CreateTable', TABLE_INPUT);
for (let i = 0; i < items; i++) engine.execute('PutItem', { TableName: 'bench', Item: benchItem(i, items) });
// Kept reachable for the life of the process.
(globalThis as { heldEngine?: unknown }).heldEngine = engine;
await import('./floor-server.js');
