import { describe, expect, it } from 'vitest';
import { LINT_RULES, lintModel, lintsClean, renderLintReport, renderLintSummary, summarizeLint } from '../../src/lint/index.js';
import type { LintFinding } from '../../src/lint/index.js';
import { example } from './variants.js';
import type { ExampleName } from './variants.js';

const EXAMPLES: ExampleName[] = ['audit-log', 'leaderboard', 'ticket-desk'];

describe('the example models', () => {
  it.each(EXAMPLES)('%s lints clean: no error and no warning', (name) => {
    const findings = lintModel(example(name));
    expect(findings.filter((finding) => finding.severity !== 'info')).toEqual([]);
    expect(lintsClean(findings)).toBe(true);
    expect(summarizeLint(findings).clean).toBe(true);
  });

  it("reports leaderboard Match's result attribute as a reserved word, as info only", () => {
    const findings = lintModel(example('leaderboard')).filter((finding) => finding.location.attribute === 'result');
    expect(findings).toEqual([
      expect.objectContaining({ rule: 'reserved-attribute-name', severity: 'info', location: { entity: 'Match', attribute: 'result' } }),
    ]);
    expect(findings[0]!.message).toMatch(/alias/);
  });
});

describe('lintModel', () => {
  const broken = () =>
    example('ticket-desk', [
      ['PK: TICKET#{ticketId}\n      SK: TICKET', 'PK: TEAM#{teamId}\n      SK: STATUS#{status}#TICKET#{ticketId}'],
      ['GSI1SK: STATUS#{status}#TICKET#{ticketId}', 'GSI1SK: STATUS#{status}#PRIORITY#{priority:01}'],
    ]);

  it('sorts findings by severity, then by location', () => {
    const findings = lintModel(broken());
    const rank = { error: 0, warning: 1, info: 2 };
    for (let i = 1; i < findings.length; i++) {
      expect(rank[findings[i - 1]!.severity]).toBeLessThanOrEqual(rank[findings[i]!.severity]);
    }
    expect(new Set(findings.map((finding) => finding.severity))).toEqual(new Set(['error', 'warning', 'info']));
  });

  it('runs only the rules asked for', () => {
    const all = lintModel(broken());
    const only = lintModel(broken(), { rules: ['stale-index-key'] });
    expect(only.length).toBeGreaterThan(0);
    expect(only.every((finding) => finding.rule === 'stale-index-key')).toBe(true);
    expect(only).toEqual(all.filter((finding) => finding.rule === 'stale-index-key'));
  });

  it('gives every finding a severity equal to its rule\'s, a message, a fix and a subject', () => {
    const severities = new Map(LINT_RULES.map((rule) => [rule.id, rule.severity]));
    for (const finding of lintModel(broken())) {
      expect(finding.severity).toBe(severities.get(finding.rule));
      expect(finding.message.length).toBeGreaterThan(20);
      expect(finding.fix.length).toBeGreaterThan(20);
      expect(finding.subject).not.toBe('');
    }
  });
});

describe('renderLintReport', () => {
  const findings: LintFinding[] = [
    { rule: 'a-rule', severity: 'error', message: 'first message', fix: 'first fix', subject: 'Ticket SK', location: { entity: 'Ticket' } },
    { rule: 'b-rule', severity: 'warning', message: 'second message', fix: 'second fix', subject: 'Ticket SK', location: { entity: 'Ticket' } },
    { rule: 'c-rule', severity: 'info', message: 'third message', fix: 'third fix', subject: 'Ticket status', location: { entity: 'Ticket' } },
  ];

  it('groups findings by subject, each with its fix, and ends with the counts', () => {
    const text = renderLintReport(findings);
    expect(text.split('\n')).toEqual([
      'Ticket SK',
      '  error a-rule: first message',
      '    fix: first fix',
      '  warning b-rule: second message',
      '    fix: second fix',
      '',
      'Ticket status',
      '  info c-rule: third message',
      '    fix: third fix',
      '',
      '1 error, 1 warning, 1 note.',
      '',
    ]);
  });

  it('names the mechanical fix that --fix applies', () => {
    const fixable: LintFinding = { ...findings[0]!, autofix: { label: 'Use {rating:05}', edits: [{ op: 'set', path: ['entities', 'Player', 'keys', 'GSI1SK'], value: 'RATING#{rating:05}' }] } };
    expect(renderLintReport([fixable]).split('\n').slice(0, 4)).toEqual(['Ticket SK', '  error a-rule: first message', '    fix: first fix', '    --fix: Use {rating:05}']);
  });

  it('says a model with only notes lints clean', () => {
    expect(renderLintSummary(findings.slice(2))).toBe('Lints clean (0 errors, 0 warnings, 1 note).');
    expect(renderLintReport([])).toBe('Lints clean (0 errors, 0 warnings, 0 notes).\n');
  });
});
