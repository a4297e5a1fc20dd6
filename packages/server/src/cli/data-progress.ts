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
  if (ms <= 0) return '';
  const perSecond = Math.round((items * 1000) / ms);
  return `${count(perSecond)} item${perSecond === 1 ? '' : 's'}/s`;
}

/** The summary's ", 12,345 items/s" — only over a second or more, where it means something. */
export function summaryRate(items: number, ms: number): string {
  return items > 0 && ms >= 1000 ? `, ${rate(items, ms)}` : '';
}

export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms / 1000)} s`;
}

/** Under a second a rate or a time left is noise: a phase that checks 2,000 items in a millisecond is not 2 million items/s. */
const SETTLED_MS = 1000;

/** The bar's rate: items per second once the phase has run a second, else "…". */
export function phaseRate(done: number, ms: number): string {
  return ms < SETTLED_MS ? '…' : rate(done, ms);
}

/** The bar's time left at the phase's rate so far ("8s", "3m 05s", "1h 02m"), once it has run a second; else "…". */
export function timeLeft(done: number, total: number, ms: number): string {
  if (ms < SETTLED_MS || done <= 0 || total <= 0) return '…';
  const left = Math.max(0, Math.round((((total - done) / done) * ms) / 1000));
  if (left < 60) return `${left}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (left < 3600) return `${Math.floor(left / 60)}m ${pad(left % 60)}s`;
  return `${Math.floor(left / 3600)}h ${pad(Math.floor((left % 3600) / 60))}m`;
}

export interface DataProgressOptions {
  /** --quiet: no bar. */
  readonly quiet?: boolean;
  /** The command writes its data to standard output: on a terminal the bar would be drawn among it. */
  readonly dataOnStdout?: boolean;
}

/** A bar is drawn on standard error when it is a terminal that can draw one, and never among data on the same screen. */
export function drawsProgress(io: Output, options: DataProgressOptions = {}): boolean {
  return io.progress === true && options.quiet !== true && !(options.dataOnStdout === true && io.stdoutIsTerminal === true);
}

export function dataProgress(io: Output, options: DataProgressOptions = {}): DataProgress {
  if (!drawsProgress(io, options)) return { update: () => {}, stop: () => {} };
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
      if (progress.phase !== phase) started = performance.now();
      if (progress.phase !== phase || known !== withTotal) {
        stop();
        phase = progress.phase;
        withTotal = known;
        const format = known ? '{phase} {bar} {percentage}% | {value}/{total} items | {rate} | {left} left' : '{phase} {value} items | {rate}';
        bar = new SingleBar({ format, hideCursor: true, clearOnComplete: true, fps: 5, stream: process.stderr }, Presets.shades_classic);
        bar.start(known ? progress.total : 0, progress.done, { phase, rate: '…', left: '…' });
      }
      const elapsed = performance.now() - started;
      const total = Math.max(progress.total, progress.done);
      if (known) bar!.setTotal(total);
      bar!.update(progress.done, { phase, rate: phaseRate(progress.done, elapsed), left: timeLeft(progress.done, total, elapsed) });
    },
    stop,
  };
}
