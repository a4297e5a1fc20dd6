import { describe, expect, it } from 'vitest';
import { drawsProgress, phaseRate, summaryRate, timeLeft } from '../../src/cli/data-progress.js';
import type { Output } from '../../src/cli/io.js';

const io = (more: Partial<Output>): Output => ({ stdout: () => {}, stderr: () => {}, ...more });

describe('the progress bar of the data commands', () => {
  it('shows a rate and a time left only once a phase has run a second', () => {
    // The check of 1,800 items over in a millisecond is not 1.8 million items/s.
    expect(phaseRate(1800, 1)).toBe('…');
    expect(timeLeft(900, 1800, 999)).toBe('…');
    expect(phaseRate(1800, 1000)).toBe('1,800 items/s');
    expect(phaseRate(1, 1000)).toBe('1 item/s');
    expect(timeLeft(900, 1800, 2000)).toBe('2s');
    expect(timeLeft(100, 1800, 10_000)).toBe('2m 50s');
    expect(timeLeft(1, 1800, 10_000)).toBe('4h 59m');
    expect(timeLeft(0, 1800, 5000)).toBe('…');
    expect(timeLeft(1800, 1800, 5000)).toBe('0s');
  });

  it('says "1 item/s" in the summary, and nothing under a second', () => {
    expect(summaryRate(1, 1000)).toBe(', 1 item/s');
    expect(summaryRate(5000, 2000)).toBe(', 2,500 items/s');
    expect(summaryRate(5000, 999)).toBe('');
  });

  it('is drawn only on a terminal that can, not with --quiet, and not among data on the same terminal', () => {
    expect(drawsProgress(io({ progress: true }))).toBe(true);
    expect(drawsProgress(io({ progress: false }))).toBe(false);
    expect(drawsProgress(io({}))).toBe(false);
    expect(drawsProgress(io({ progress: true }), { quiet: true })).toBe(false);
    expect(drawsProgress(io({ progress: true, stdoutIsTerminal: true }), { dataOnStdout: true })).toBe(false);
    expect(drawsProgress(io({ progress: true, stdoutIsTerminal: false }), { dataOnStdout: true })).toBe(true);
    expect(drawsProgress(io({ progress: true, stdoutIsTerminal: true }))).toBe(true);
  });
});
