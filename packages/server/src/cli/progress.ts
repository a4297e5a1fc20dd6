/** A progress bar on standard error for long work, drawn only on a terminal. */
import { SingleBar, Presets } from 'cli-progress';
import type { Output } from './io.js';

export interface ProgressReporter {
  update(phase: string, done: number, total: number): void;
  stop(): void;
}

export function progressBar(io: Output, enabled: boolean): ProgressReporter {
  // Drawn where a terminal can draw it (not TERM=dumb); the report goes to standard output after the bar is gone.
  if (!enabled || io.progress !== true) return { update: () => {}, stop: () => {} };
  const bar = new SingleBar({ format: '{bar} {percentage}% | {phase} {value}/{total}', hideCursor: true, clearOnComplete: true, stream: process.stderr }, Presets.shades_classic);
  let phase: string | undefined;
  return {
    update(next, done, total) {
      if (next !== phase) {
        if (phase === undefined) bar.start(total, done, { phase: next });
        else bar.setTotal(total);
        phase = next;
      }
      bar.update(done, { phase: next });
    },
    stop: () => bar.stop(),
  };
}
