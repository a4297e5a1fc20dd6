/** The shape of one lint rule: its public description and its check. */
import type { PatternAnalysis } from './analysis.js';
import type { LintContext } from './context.js';
import type { LintAutofix, LintFinding, LintLocation, LintRuleInfo } from './types.js';

export interface LintRule extends LintRuleInfo {
  check(context: LintContext): LintFinding[];
}

export function finding(
  rule: LintRuleInfo,
  parts: { subject: string; message: string; fix: string; location: LintLocation; autofix?: LintAutofix | undefined },
): LintFinding {
  const { autofix, ...rest } = parts;
  return { rule: rule.id, severity: rule.severity, ...rest, ...(autofix ? { autofix } : {}) };
}

/** Drops undefined members so locations compare and print cleanly. */
export function location(parts: { [K in keyof LintLocation]: string | undefined }): LintLocation {
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)) as LintLocation;
}

/** A rule that looks at each access pattern on its own: `check` gives the pattern's findings. */
export function patternRule(info: LintRuleInfo, check: (analysis: PatternAnalysis, rule: LintRuleInfo) => LintFinding[]): LintRule {
  return { ...info, check: (context) => context.patterns.flatMap((analysis) => check(analysis, info)) };
}
