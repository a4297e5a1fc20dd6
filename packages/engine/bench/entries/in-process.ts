/**
 * The engine's in-process API without HTTP: `createEngine().execute` on wire
 * JSON, PutItem and GetItem of 200-byte items, each run for a fixed time after
 * a warm-up. Prints one JSON line of operations per second.
 * `in-process <milliseconds per measurement> <items>`
 */
import { createEngine } from '../../src/index.js';
import { benchItem, benchKey, TABLE_INPUT } from '../items.js';

const duration = Number(process.argv[2] ?? 2000);
const items = Number(process.argv[3] ?? 50_000);
const engine = createEngine({ region: 'us-east-1' });
engine.execute('CreateTable', TABLE_INPUT);

/** Calls per second of wall time, and per second of this process's CPU time (what a busy machine does not take away). */
function rate(run: (i: number) => unknown): { wall: number; cpu: number } {
  let i = 0;
  // Warm-up: let the JIT settle before measuring.
  const warmEnd = performance.now() + Math.min(500, duration / 2);
  while (performance.now() < warmEnd) for (let k = 0; k < 100; k++) run(i++);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let done = 0;
  let now = start;
  while (now - start < duration) {
    for (let k = 0; k < 200; k++) run(i++);
    done += 200;
    now = performance.now();
  }
  const cpu = process.cpuUsage(cpuStart);
  return { wall: (done / (now - start)) * 1000, cpu: (done / (cpu.user + cpu.system)) * 1e6 };
}

const put = rate((i) => engine.execute('PutItem', { TableName: 'bench', Item: benchItem(i % items) }));
// Only the key is made for a GetItem: building the whole item (its 150-character filler) would be the client's cost, not the engine's.
const get = rate((i) => engine.execute('GetItem', { TableName: 'bench', Key: benchKey((i * 7919) % items) }));
process.stdout.write(`${JSON.stringify({ put: put.wall, get: get.wall, putCpu: put.cpu, getCpu: get.cpu })}\n`);
