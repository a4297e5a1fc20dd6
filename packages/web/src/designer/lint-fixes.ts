/**
 * The linter's mechanical fixes, as core computes them: each finding that can
 * be fixed without a person's choice carries its fix as model edits (a key
 * field padded or widened, a date written sortably, an index removed, ...).
 * The page applies the edits to the model file's text, so the file keeps its
 * comments and layout, and lints again. Findings without edits get no button.
 */
import { applyModelEditsToText } from '@dynotable/core';
import type { LintFinding, ModelEdit } from '@dynotable/core';

export interface MechanicalFix {
  /** What the button says, short: "Use {rating:05}". */
  readonly label: string;
  readonly edits: readonly ModelEdit[];
  /** The model file's text with the fix applied; `fileName` tells YAML from JSON. */
  readonly applyToText: (text: string, fileName: string) => string;
}

/** The fix of a finding, when it can be applied without a person's choice. */
export function mechanicalFix(finding: LintFinding): MechanicalFix | undefined {
  const fix = finding.autofix;
  if (fix === undefined || fix.edits.length === 0) return undefined;
  return { label: fix.label, edits: fix.edits, applyToText: (text, fileName) => applyModelEditsToText(text, fix.edits, fileName) };
}
