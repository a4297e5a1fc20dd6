/** What the linter reports: findings with a stable rule id, a severity and a fix. */
import type { ModelEdit } from '../model/edits.js';

/** A fix that needs no person's choice: model edits, applied in order, that remove the finding. */
export interface LintAutofix {
  /** What a button says, short: "Use {rating:05}". */
  readonly label: string;
  readonly edits: readonly ModelEdit[];
}

export type LintSeverity = 'error' | 'warning' | 'info';

export interface LintLocation {
  readonly entity?: string;
  readonly attribute?: string;
  readonly keyAttribute?: string;
  readonly index?: string;
  readonly pattern?: string;
  readonly writePath?: string;
}

export interface LintFinding {
  /** Stable kebab-case rule id, e.g. `unpadded-number-in-key`. */
  readonly rule: string;
  readonly severity: LintSeverity;
  readonly message: string;
  /** What to change, in one or two sentences. */
  readonly fix: string;
  /** What the finding is about, for people: "Player GSI1SK", "pattern topPlayersOfSeason". */
  readonly subject: string;
  readonly location: LintLocation;
  /** The fix as model edits, when it is mechanical; findings that need a person have none. */
  readonly autofix?: LintAutofix;
}

export interface LintRuleInfo {
  readonly id: string;
  readonly severity: LintSeverity;
  readonly title: string;
  readonly description: string;
}

export interface LintOptions {
  /** Run only these rule ids (unknown ids are ignored). */
  readonly rules?: readonly string[];
}
