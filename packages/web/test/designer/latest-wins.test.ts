import { describe, expect, it } from 'vitest';
import { latestWins, type Outcome } from '../../src/designer/latest-wins.js';

/** A call the test answers by hand. */
function manualCalls() {
  const calls: { input: string; resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const run = (input: string) => new Promise<string>((resolve, reject) => calls.push({ input, resolve, reject }));
  return { calls, run };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('latestWins', () => {
  it('sends the first input at once and only the latest of those typed while a call is in flight', async () => {
    const { calls, run } = manualCalls();
    const delivered: [string, Outcome<string>][] = [];
    const caller = latestWins(run, (input, outcome) => delivered.push([input, outcome]));
    caller.submit('a');
    caller.submit('ab');
    caller.submit('abc');
    expect(calls.map((call) => call.input)).toEqual(['a']);
    calls[0]!.resolve('A');
    await settle();
    expect(delivered).toEqual([['a', { ok: true, value: 'A' }]]);
    expect(calls.map((call) => call.input)).toEqual(['a', 'abc']);
    calls[1]!.resolve('ABC');
    await settle();
    expect(delivered.map(([input]) => input)).toEqual(['a', 'abc']);
  });

  it('ignores an input equal to the last one asked, and delivers failures as outcomes', async () => {
    const { calls, run } = manualCalls();
    const delivered: Outcome<string>[] = [];
    const caller = latestWins(run, (_input, outcome) => delivered.push(outcome));
    caller.submit('x');
    caller.submit('x');
    calls[0]!.reject(new Error('no'));
    await settle();
    caller.submit('x');
    expect(calls).toHaveLength(1);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.ok).toBe(false);
  });

  it('after reset, drops the answer on its way and sends an equal input again', async () => {
    const { calls, run } = manualCalls();
    const delivered: string[] = [];
    const caller = latestWins(run, (input) => delivered.push(input));
    caller.submit('q');
    caller.reset();
    calls[0]!.resolve('Q');
    await settle();
    expect(delivered).toEqual([]);
    caller.submit('q');
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('Q');
    await settle();
    expect(delivered).toEqual(['q']);
  });

  it('delivers nothing once closed', async () => {
    const { calls, run } = manualCalls();
    const delivered: string[] = [];
    const caller = latestWins(run, (input) => delivered.push(input));
    caller.submit('q');
    caller.submit('qq');
    caller.close();
    calls[0]!.resolve('Q');
    await settle();
    expect(delivered).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});
