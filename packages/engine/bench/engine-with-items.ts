/** An in-memory engine holding the bench's table with `items` of its items, written in process. */
import { createEngine } from '../src/index.js';
import type { Engine } from '../src/index.js';
import { benchItem, TABLE_INPUT } from './items.js';

export function engineWithItems(items: number): Engine {
  const engine = createEngine({ region: 'us-east-1' });
  engine.execute('CreateTable', TABLE_INPUT);
  for (let i = 0; i < items; i++) engine.execute('PutItem', { TableName: 'bench', Item: benchItem(i, items) });
  return engine;
}
