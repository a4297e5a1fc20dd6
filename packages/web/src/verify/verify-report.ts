/**
 * The verify report as the browser receives it (the job's result, plain
 * JSON), and the figures the page shows: per access pattern the pages, items
 * and read units of all its runs, and for a misplaced item the attributes of
 * the expected and the returned item side by side.
 */

import type { PatternResult, PatternRun, VerifyReport } from '@dynotable/core';

/**
 * A value of core's report as the server's jsonSafe sends it: bytes as base64
 * text, sets as arrays, the keys in `Dropped` left out (at any depth).
 */
type JsonForm<T, Dropped extends PropertyKey> = T extends Uint8Array
  ? string
  : T extends ReadonlySet<infer Member>
    ? readonly JsonForm<Member, Dropped>[]
    : T extends readonly (infer Element)[]
      ? readonly JsonForm<Element, Dropped>[]
      : T extends object
        ? { readonly [Key in keyof T as Key extends Dropped ? never : Key]: JsonForm<T[Key], Dropped> }
        : T;

/** The raw sample records of a mismatch, which the server leaves out: their items come as expectedItem and actualItem. */
type LeftOut = 'expected' | 'actual';

export type VerifyReportJson = JsonForm<VerifyReport, LeftOut>;
export type PatternResultJson = JsonForm<PatternResult, LeftOut>;
export type PatternRunJson = JsonForm<PatternRun, LeftOut>;
export type MismatchJson = NonNullable<PatternRunJson['mismatch']>;

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
function valueText(value: unknown): string {
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
