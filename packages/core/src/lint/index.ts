export type { LintAutofix, LintFinding, LintLocation, LintOptions, LintRuleInfo, LintSeverity } from './types.js';
export { LINT_RULES, lintModel, lintsClean } from './lint.js';
export type { LintSummary } from './report.js';
export { renderLintReport, renderLintSummary, summarizeLint } from './report.js';
export type { AppliedLintFix, LintFixResult } from './fix.js';
export { fixModelText } from './fix.js';
