/**
 * The verify report as the browser receives it (the job's result, plain
 * JSON), and the figures the page shows: per access pattern the pages, items
 * and read units of all its runs, and for a misplaced item the attributes of
 * the expected and the returned item side by side.
 */

export interface MismatchJson {
  /** Zero-based position of the first difference. */
  readonly position: number;
  readonly reason: string;
  readonly expectedItem?: Readonly<Record<string, unknown>>;
  readonly actualItem?: Readonly<Record<string, unknown>>;
}

export interface PatternRunJson {
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly pages: number;
  readonly items: number;
  readonly expectedItems: number;
  readonly readUnits: number;
  readonly mismatch?: MismatchJson;
  readonly error?: string;
}

export interface PatternResultJson {
  readonly pattern: string;
  readonly question: string;
  readonly operation: 'GetItem' | 'Query' | 'Scan';
  readonly table: string;
  readonly index?: string;
  readonly keyCondition: string;
  readonly runs: readonly PatternRunJson[];
  readonly passed: boolean;
  readonly problem?: string;
}

export interface WritePathCheckJson {
  readonly writePath: string;
  readonly check: string;
  readonly passed: boolean;
  readonly detail?: string;
}

export interface VerifyReportJson {
  readonly model: string;
  readonly seed: number;
  readonly items: number;
  /** The temporary tables, in the order of the model's tables. */
  readonly tables: readonly string[];
  readonly kept: boolean;
  readonly patterns: readonly PatternResultJson[];
  readonly writePaths: readonly WritePathCheckJson[];
  readonly passed: boolean;
  readonly problems: readonly string[];
}

/** The job's result, if it has the report's shape (a job of another version answers something else). */
export function asVerifyReport(result: unknown): VerifyReportJson | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const report = result as Partial<VerifyReportJson>;
  if (!Array.isArray(report.patterns) || !Array.isArray(report.writePaths) || !Array.isArray(report.tables)) return undefined;
  return report as VerifyReportJson;
}

export interface PatternTotals {
  readonly runs: number;
  readonly pages: number;
  readonly items: number;
  readonly readUnits: number;
}

export function patternTotals(result: PatternResultJson): PatternTotals {
  let pages = 0;
  let items = 0;
  let readUnits = 0;
  for (const run of result.runs) {
    pages += run.pages;
    items += run.items;
    readUnits += run.readUnits;
  }
  return { runs: result.runs.length, pages, items, readUnits };
}

/** Read units as DynamoDB reports them: whole, or with the half unit of an eventually consistent read. */
export function formatReadUnits(units: number): string {
  return Number.isInteger(units) ? String(units) : String(Math.round(units * 10) / 10);
}

/** How many checks failed: access patterns, write-path checks and problems (such as a table not removed). */
export function failedChecks(report: VerifyReportJson): number {
  return report.patterns.filter((p) => !p.passed).length + report.writePaths.filter((c) => !c.passed).length + report.problems.length;
}

/** The run to open in the query panel: the first that failed, else the first. */
export function runToOpen(result: PatternResultJson): PatternRunJson | undefined {
  return result.runs.find((run) => run.mismatch !== undefined || run.error !== undefined) ?? result.runs[0];
}

export interface ComparedAttribute {
  readonly name: string;
  /** undefined: the item has no such attribute. */
  readonly expected: string | undefined;
  readonly actual: string | undefined;
  /** Both items are shown and this attribute tells them apart. */
  readonly differs: boolean;
}

/** A value as text: strings as they are, everything else as JSON (numbers keep their digits). */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * The attributes of the expected and the returned item, side by side: the
 * expected item's attributes in their order, then those only the returned item
 * has (its key attributes, which the expected answer does not hold). An
 * attribute differs when both items are there and its values do not match.
 */
export function compareItems(expected: Readonly<Record<string, unknown>> | undefined, actual: Readonly<Record<string, unknown>> | undefined): ComparedAttribute[] {
  const names = [...Object.keys(expected ?? {})];
  for (const name of Object.keys(actual ?? {})) if (!names.includes(name)) names.push(name);
  const both = expected !== undefined && actual !== undefined;
  return names.map((name) => {
    const left = expected !== undefined && name in expected ? valueText(expected[name]) : undefined;
    const right = actual !== undefined && name in actual ? valueText(actual[name]) : undefined;
    // The returned item's own key attributes are not part of what the question asks about.
    const differs = both && left !== undefined && left !== right;
    return { name, expected: left, actual: right, differs };
  });
}

/** The arguments of a run for people: `season = "2026-Q2", rating = 10`. */
export function argumentsText(args: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(args);
  if (entries.length === 0) return 'no arguments';
  return entries.map(([name, value]) => `${name} = ${JSON.stringify(value)}`).join(', ');
}
