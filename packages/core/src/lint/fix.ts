/**
 * Applies the linter's mechanical fixes to a model file's text, one finding at
 * a time, linting again after each (a fix can make another finding go away,
 * or show a new one), until no finding with a fix is left. The file keeps its
 * comments and layout (see applyModelEditsToText).
 */
import { applyModelEditsToText } from '../model/edit-text.js';
import type { ModelEdit } from '../model/edits.js';
import { parseModel } from '../model/parse.js';
import { lintModel } from './lint.js';
import type { LintFinding, LintOptions } from './types.js';

export interface AppliedLintFix {
  readonly rule: string;
  readonly subject: string;
  readonly label: string;
  readonly edits: readonly ModelEdit[];
}

export interface LintFixResult {
  /** The fixed text (the input when nothing was fixed). */
  readonly text: string;
  readonly applied: readonly AppliedLintFix[];
  /** The findings of the fixed model. */
  readonly findings: readonly LintFinding[];
}

/** Enough for every finding of a large model; a bound so fixes that undo each other cannot loop. */
const MAX_FIXES = 200;

/**
 * Fixes what can be fixed without a person. `source` is the file name (it
 * decides YAML or JSON, as for parseModel). Throws ModelError when the text
 * does not read as a model; a fix whose result would not read is skipped.
 */
export function fixModelText(text: string, source?: string, options: LintOptions = {}): LintFixResult {
  let current = text;
  let findings = lintModel(parseModel(current, source), options);
  const applied: AppliedLintFix[] = [];
  const skipped = new Set<string>();
  while (applied.length < MAX_FIXES) {
    const next = findings.find((finding) => finding.autofix !== undefined && !skipped.has(fixKey(finding)));
    if (next === undefined) break;
    const fix = next.autofix!;
    let fixed: { text: string; findings: LintFinding[] } | undefined;
    try {
      const candidate = applyModelEditsToText(current, fix.edits, source);
      if (candidate !== current) fixed = { text: candidate, findings: lintModel(parseModel(candidate, source), options) };
    } catch {
      fixed = undefined;
    }
    if (fixed === undefined) {
      skipped.add(fixKey(next));
      continue;
    }
    current = fixed.text;
    findings = fixed.findings;
    applied.push({ rule: next.rule, subject: next.subject, label: fix.label, edits: fix.edits });
  }
  return { text: current, applied, findings };
}

function fixKey(finding: LintFinding): string {
  return `${finding.rule}\u0000${finding.subject}\u0000${JSON.stringify(finding.autofix?.edits)}`;
}
