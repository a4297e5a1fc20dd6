/**
 * Survey mode (DIFFERENTIAL_SURVEY=1): instead of stopping at the first
 * disagreement, run every scenario and group the disagreements by kind, with
 * the shortest example of each. For triage: which bugs are there, how often.
 */
import type { Disagreement } from './runner.js';
import type { Scenario } from './scenario.js';

interface Group {
  count: number;
  example: Disagreement;
  scenario: Scenario;
}

function describeAnswer(answer: unknown): string {
  if (answer !== null && typeof answer === 'object' && 'error' in answer) {
    const { error, message } = answer as { error: string; message: string };
    // Values inside messages vary from case to case; the wording is the kind.
    return `${error}: ${String(message).replace(/\d+/g, '#').slice(0, 140)}`;
  }
  return 'ok';
}

function differingKeys(a: unknown, b: unknown): string {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return '';
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const differ = [...keys].filter((k) => JSON.stringify((a as Record<string, unknown>)[k]) !== JSON.stringify((b as Record<string, unknown>)[k]));
  return differ.sort().join(',');
}

export class Survey {
  private readonly groups = new Map<string, Group>();
  scenarios = 0;

  add(scenario: Scenario, disagreement: Disagreement | null): void {
    this.scenarios++;
    if (disagreement === null) return;
    const [a, b] = Object.values(disagreement.answers);
    const kinds = [describeAnswer(a), describeAnswer(b)];
    const detail = kinds[0] === 'ok' && kinds[1] === 'ok' ? ` [${differingKeys(a, b)}]` : '';
    const key = `${disagreement.operation}${detail} | ${Object.keys(disagreement.answers).map((side, i) => `${side}=${kinds[i]}`).join(' | ')}`;
    const group = this.groups.get(key);
    if (group === undefined) this.groups.set(key, { count: 1, example: disagreement, scenario });
    else {
      group.count++;
      if (scenario.operations.length < group.scenario.operations.length) Object.assign(group, { example: disagreement, scenario });
    }
  }

  report(): string {
    const lines = [`${this.scenarios} scenarios, ${[...this.groups.values()].reduce((n, g) => n + g.count, 0)} disagreed, ${this.groups.size} kinds`];
    for (const [key, group] of [...this.groups].sort((x, y) => y[1].count - x[1].count)) {
      lines.push('', `${group.count} × ${key}`, JSON.stringify({ tables: group.scenario.tables, step: group.example.step, input: group.example.input, answers: group.example.answers }));
    }
    return lines.join('\n');
  }
}
