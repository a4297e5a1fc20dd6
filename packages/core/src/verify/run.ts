/**
 * `verify`: the model's tables under a temporary prefix, sample data written
 * through the model's own keys, the write paths checked, every access pattern
 * run as its one GetItem or Query (every page) and compared with the answer the
 * question means. Tables are removed afterwards unless kept.
 */
import type { Model, PatternPlan } from '../model/types.js';
import { designModel, planAccessPattern } from '../design/index.js';
import { readAccessPattern } from '../patterns/index.js';
import { chooseArguments } from './arguments.js';
import { bulkLoad } from './bulk-load.js';
import { runPattern, type PatternRun } from './pattern-runs.js';
import { SeededRandom } from './random.js';
import { recordToItem } from './sample-items.js';
import { generateSamples, type SampleRecord } from './samples.js';
import { checkSparseIndexes } from './sparse-check.js';
import { createTables, deleteTables } from './tables.js';
import type { VerifyTarget } from './target.js';
import { checkWritePath, type WritePathCheck } from './write-paths.js';
import { describeKeyCondition } from './describe.js';

export interface VerifyOptions {
  /** Sample items in all (default 1,000). */
  readonly items?: number;
  readonly seed?: number;
  /** Prefix of the temporary table names (default `dtverify_<seed>_<time>_`). */
  readonly prefix?: string;
  readonly keep?: boolean;
  /** Argument sets per access pattern (default 3): the hot partition and ordinary ones. */
  readonly argumentSets?: number;
  readonly onProgress?: (progress: VerifyProgress) => void;
}

export interface VerifyProgress {
  readonly phase: 'create tables' | 'write items' | 'write paths' | 'access patterns' | 'remove tables';
  readonly done: number;
  readonly total: number;
}

export interface PatternResult {
  readonly pattern: string;
  readonly question: string;
  readonly operation: PatternPlan['operation'];
  readonly table: string;
  readonly index?: string;
  readonly keyCondition: string;
  readonly runs: readonly PatternRun[];
  readonly passed: boolean;
  readonly problem?: string;
}

export interface VerifyReport {
  readonly model: string;
  readonly seed: number;
  readonly items: number;
  readonly tables: readonly string[];
  readonly kept: boolean;
  readonly patterns: readonly PatternResult[];
  readonly writePaths: readonly WritePathCheck[];
  readonly passed: boolean;
  readonly problems: readonly string[];
}

export async function verifyModel(input: Model, target: VerifyTarget, options: VerifyOptions = {}): Promise<VerifyReport> {
  const seed = options.seed ?? 1;
  const hasKeys = input.entities.some((entity) => Object.keys(entity.keys).length > 0);
  const model = hasKeys ? input : designModel(input).model;
  const prefix = options.prefix ?? `dtverify_${seed}_${Date.now().toString(36)}_`;
  const nameOf = (table: string) => prefix + table;
  const progress = options.onProgress ?? (() => {});
  const samples = generateSamples(model, { items: options.items ?? 1000, seed });
  const records = Object.fromEntries(Object.entries(samples.records).map(([name, list]) => [name, [...list]]));
  const random = new SeededRandom(seed + 1);
  const itemCount = Object.values(records).reduce((sum, list) => sum + list.length, 0);
  const problems: string[] = [];

  progress({ phase: 'create tables', done: 0, total: model.tables.length });
  await createTables(model, target, nameOf);
  progress({ phase: 'create tables', done: model.tables.length, total: model.tables.length });
  const patterns: PatternResult[] = [];
  const writePaths: WritePathCheck[] = [];
  try {
    let written = 0;
    for (const table of model.tables) {
      const items = model.entities.filter((e) => e.table === table.name).flatMap((entity) => (records[entity.name] ?? []).map((r) => recordToItem(model, entity, r)));
      const before = written;
      await bulkLoad(target, nameOf(table.name), items, (done) => progress({ phase: 'write items', done: before + done, total: itemCount }));
      written += items.length;
    }
    for (const [i, path] of model.writePaths.entries()) {
      writePaths.push(...(await checkWritePath({ target, model, nameOf, records, random }, path)));
      progress({ phase: 'write paths', done: i + 1, total: model.writePaths.length });
    }
    writePaths.push(...(await checkSparseIndexes(target, model, nameOf, records)));
    for (const [i, pattern] of model.accessPatterns.entries()) {
      patterns.push(await verifyPattern(model, target, pattern.name, records, random, options.argumentSets ?? 3, nameOf));
      progress({ phase: 'access patterns', done: i + 1, total: model.accessPatterns.length });
    }
  } finally {
    if (!options.keep) {
      progress({ phase: 'remove tables', done: 0, total: model.tables.length });
      problems.push(...(await deleteTables(model, target, nameOf)).map((failure) => `could not remove table ${failure}`));
      progress({ phase: 'remove tables', done: model.tables.length, total: model.tables.length });
    }
  }
  const passed = patterns.every((p) => p.passed) && writePaths.every((c) => c.passed) && problems.length === 0;
  return { model: model.name, seed, items: itemCount, tables: model.tables.map((t) => nameOf(t.name)), kept: options.keep === true, patterns, writePaths, passed, problems };
}

async function verifyPattern(
  model: Model,
  target: VerifyTarget,
  name: string,
  records: Record<string, SampleRecord[]>,
  random: SeededRandom,
  sets: number,
  nameOf: (table: string) => string,
): Promise<PatternResult> {
  const pattern = model.accessPatterns.find((p) => p.name === name)!;
  const plan = planAccessPattern(model, pattern);
  const meaning = readAccessPattern(model, pattern);
  const entity = model.entities.find((e) => e.name === plan.entity)!;
  const base = { pattern: name, question: pattern.question, operation: plan.operation, table: plan.table, index: plan.index, keyCondition: describeKeyCondition(plan) };
  if (plan.operation === 'Scan') return { ...base, runs: [], passed: false, problem: `no key answers it, so it needs a Scan: ${plan.why}` };
  if (plan.filter && plan.filter.length > 0) {
    return { ...base, runs: [], passed: false, problem: `it relies on a filter (${plan.filter.map((f) => `${f.attribute} = ${f.value}`).join(', ')}): ${plan.why}` };
  }
  const entityRecords = records[entity.name] ?? [];
  const runs: PatternRun[] = [];
  for (const args of chooseArguments(entity, meaning, entityRecords, random, meaning.kind === 'get' ? Math.max(sets, 5) : sets)) {
    runs.push(await runPattern({ target, model, entity, plan, meaning, records: entityRecords, args, tableName: nameOf(plan.table) }));
  }
  return { ...base, runs, passed: runs.length > 0 && runs.every((run) => run.mismatch === undefined && run.error === undefined), problem: runs.length === 0 ? `no ${entity.name} items to ask about` : undefined };
}
