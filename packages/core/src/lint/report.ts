/**
 * The lint report for people: findings grouped by subject, each with its fix
 * (and what `dynotable lint --fix` would do, when the fix is mechanical), and
 * a one-line summary. The text ends with a newline, ready for a terminal.
 */
import type { LintFinding, LintSeverity } from './types.js';

export interface LintSummary {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  /** No errors and no warnings. */
  readonly clean: boolean;
}

export function summarizeLint(findings: readonly LintFinding[]): LintSummary {
  const count = (severity: LintSeverity) => findings.filter((finding) => finding.severity === severity).length;
  const errors = count('error');
  const warnings = count('warning');
  return { errors, warnings, infos: count('info'), clean: errors === 0 && warnings === 0 };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function renderLintSummary(findings: readonly LintFinding[]): string {
  const summary = summarizeLint(findings);
  const counts = `${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ${plural(summary.infos, 'note')}`;
  return summary.clean ? `Lints clean (${counts}).` : `${counts}.`;
}

export function renderLintReport(findings: readonly LintFinding[]): string {
  const groups = new Map<string, LintFinding[]>();
  for (const finding of findings) groups.set(finding.subject, [...(groups.get(finding.subject) ?? []), finding]);
  const lines: string[] = [];
  for (const [subject, group] of groups) {
    lines.push(subject);
    for (const finding of group) {
      lines.push(`  ${finding.severity} ${finding.rule}: ${finding.message}`);
      lines.push(`    fix: ${finding.fix}`);
      if (finding.autofix) lines.push(`    --fix: ${finding.autofix.label}`);
    }
    lines.push('');
  }
  lines.push(renderLintSummary(findings));
  return lines.join('\n') + '\n';
}
