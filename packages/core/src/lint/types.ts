/** What the linter reports: findings with a stable rule id, a severity and a fix. */

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
