/**
 * The progress of `dynotable data` on standard error, drawn only on a
 * terminal: the phase, a bar with the percentage when the total is known,
 * the count, the rate in items per second and the time left.
 */
import { Presets, SingleBar } from 'cli-progress';
import type { Progress } from '../data/progress.js';
import type { Output } from './io.js';

export interface DataProgress {
  readonly update: (progress: Progress) => void;
  stop(): void;
}

/** "1,234". */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Items per second over a time, for the summary line. */
function rate(items: number, ms: number): string {
  return ms <= 0 ? '' : `${count(Math.round((items * 1000) / ms))} items/s`;
}

/** The summary's ", 12,345 items/s" — only over a second or more, where it means something. */
export function summaryRate(items: number, ms: number): string {
  return items > 0 && ms >= 1000 ? `, ${rate(items, ms)}` : '';
}

export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms / 1000)} s`;
}

export function dataProgress(io: Output): DataProgress {
  if (io.interactive !== true) return { update: () => {}, stop: () => {} };
  let bar: SingleBar | undefined;
  let phase: string | undefined;
  let started = 0;
  let withTotal = false;
  const stop = () => {
    bar?.stop();
    bar = undefined;
  };
  return {
    update(progress) {
      const known = progress.total > 0;
      if (progress.phase !== phase || known !== withTotal) {
        stop();
        phase = progress.phase;
        withTotal = known;
        started = performance.now();
        const format = known
          ? '{phase} {bar} {percentage}% | {value}/{total} items | {rate} | {eta_formatted} left'
          : '{phase} {value} items | {rate}';
        bar = new SingleBar({ format, hideCursor: true, clearOnComplete: true, etaBuffer: 50, fps: 5, stream: process.stderr }, Presets.shades_classic);
        bar.start(known ? progress.total : 0, progress.done, { phase, rate: '…' });
      }
      const elapsed = performance.now() - started;
      if (known) bar!.setTotal(Math.max(progress.total, progress.done));
      bar!.update(progress.done, { phase, rate: rate(progress.done, elapsed) || '…' });
    },
    stop,
  };
}
