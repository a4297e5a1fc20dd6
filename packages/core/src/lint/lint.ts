/** Runs the rules over a model and orders the findings: errors first, then by where they are. */
import type { Model } from '../model/types.js';
import { buildContext } from './context.js';
import { RULES } from './rules.js';
import type { LintFinding, LintOptions, LintRuleInfo, LintSeverity } from './types.js';

/** Every rule's id, severity, title and description. */
export const LINT_RULES: readonly LintRuleInfo[] = RULES.map(({ id, severity, title, description }) => ({ id, severity, title, description }));

const SEVERITY_ORDER: Record<LintSeverity, number> = { error: 0, warning: 1, info: 2 };
const LOCATION_ORDER = ['entity', 'index', 'keyAttribute', 'attribute', 'pattern', 'writePath'] as const;

function compareFindings(a: LintFinding, b: LintFinding): number {
  const bySeverity = SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];
  if (bySeverity !== 0) return bySeverity;
  for (const part of LOCATION_ORDER) {
    const left = a.location[part] ?? '';
    const right = b.location[part] ?? '';
    if (left !== right) return left < right ? -1 : 1;
  }
  return a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0;
}

export function lintModel(model: Model, options: LintOptions = {}): LintFinding[] {
  const only = options.rules ? new Set(options.rules) : undefined;
  const rules = only ? RULES.filter((rule) => only.has(rule.id)) : RULES;
  const context = buildContext(model);
  return rules.flatMap((rule) => rule.check(context)).sort(compareFindings);
}

/** True when no finding is an error or a warning (info is advice). */
export function lintsClean(findings: readonly LintFinding[]): boolean {
  return findings.every((finding) => finding.severity === 'info');
}
