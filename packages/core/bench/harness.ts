/**
 * A small timing harness: warm up, then run the function in calibrated batches
 * for a fixed wall-clock duration on this (single) thread and report ops/s.
 */
import { cpus } from 'node:os';

export interface BenchOptions {
  warmupMs: number;
  durationMs: number;
}

export interface BenchResult {
  name: string;
  ops: number;
  opsPerSecond: number;
}

/** Results go here so the engine cannot drop the measured calls as dead code. */
let _sink: unknown;

function runFor(fn: () => unknown, ms: number, batch: number): { ops: number; elapsed: number } {
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < batch; i++) _sink = fn();
    ops += batch;
    now = performance.now();
  }
  return { ops, elapsed: now - start };
}

export function bench(name: string, fn: () => unknown, options: BenchOptions): BenchResult {
  // Warm-up lets the JIT optimise, and sizes batches to ~5 ms so clock reads cost nothing.
  const warm = runFor(fn, options.warmupMs, 1);
  const batch = Math.max(1, Math.round((warm.ops / warm.elapsed) * 5));
  const { ops, elapsed } = runFor(fn, options.durationMs, batch);
  return { name, ops, opsPerSecond: (ops / elapsed) * 1000 };
}

export function formatTable(results: BenchResult[]): string {
  const rows = results.map((r) => [r.name, Math.round(r.opsPerSecond).toLocaleString('en-US'), r.ops.toLocaleString('en-US')]);
  const header = ['benchmark', 'ops/s', 'runs'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function environment(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `Node ${process.version} on ${process.platform}/${process.arch}, ${cpu}; single thread`;
}
