/**
 * The phrasing corpus (corpus/*.json): questions as people type them, each
 * with the pattern it asks for, and the judge that compares a design with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { designFromQuestions, readAccessPattern } from '@dynotable/core';
import type { Model, PatternMeaning, PatternPlan } from '@dynotable/core';

export interface Phrasing {
  readonly q: string;
  /** The entity, or the names a person would accept for it. */
  readonly entity: string | readonly string[];
  readonly op: 'get' | 'query';
  /** Attributes the caller supplies; "player" and "playerId" are the same; "time" is any timestamp or date. */
  readonly keys: readonly string[];
  /** "rating desc", "time asc", or just "desc" for a direction without a named order. */
  readonly order?: string;
  /** A count, or "N" for one the caller chooses. */
  readonly limit?: number | 'N';
  readonly filter?: Readonly<Record<string, string>>;
  readonly range?: string;
}

export interface Domain {
  readonly domain: string;
  readonly source: string;
  readonly phrasings: readonly Phrasing[];
}

export function corpus(): Domain[] {
  const folder = fileURLToPath(new URL('./corpus/', import.meta.url));
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(`${folder}${file}`, 'utf8')) as Domain);
}

export type Verdict =
  | { readonly kind: 'right' }
  | { readonly kind: 'warned'; readonly message: string }
  | { readonly kind: 'wrong-entity'; readonly got: string }
  | { readonly kind: 'wrong'; readonly differences: readonly string[]; readonly reading: string };

export function acceptedEntities(phrasing: Phrasing): readonly string[] {
  return typeof phrasing.entity === 'string' ? [phrasing.entity] : phrasing.entity;
}

/** "playerId", "player" and "Player" name the same thing. */
function same(name: string): string {
  const lower = name.toLowerCase();
  return lower.length > 2 && lower.endsWith('id') ? lower.slice(0, -2) : lower;
}

function isTime(model: Model, entity: string, attribute: string): boolean {
  const type = model.entities.find((each) => each.name === entity)?.attributes.find((each) => each.name === attribute)?.type;
  return type === 'timestamp' || type === 'date';
}

function names(model: Model, entity: string, expected: string, actual: string | undefined): boolean {
  if (actual === undefined) return false;
  return expected === 'time' ? isTime(model, entity, actual) : same(expected) === same(actual);
}

function differences(phrasing: Phrasing, model: Model, meaning: PatternMeaning, plan: PatternPlan): string[] {
  const out: string[] = [];
  const entity = meaning.entity;
  const operation = meaning.kind === 'get' ? 'get' : 'query';
  if (operation !== phrasing.op) out.push(`operation ${operation}, not ${phrasing.op}`);
  if (plan.operation === 'Scan') out.push('a Scan');
  const keys = [...meaning.equals];
  const keysMatch = keys.length === phrasing.keys.length && phrasing.keys.every((key) => keys.some((each) => names(model, entity, key, each)));
  if (!keysMatch) out.push(`keys [${keys.join(', ')}], not [${phrasing.keys.join(', ')}]`);
  const [orderName, orderDirection] = (phrasing.order ?? '').split(' ');
  const direction = orderDirection ?? orderName;
  const expectedName = orderDirection === undefined ? undefined : orderName;
  if (expectedName !== undefined ? !names(model, entity, expectedName, meaning.orderBy) : meaning.orderBy !== undefined) {
    out.push(`ordered by ${meaning.orderBy ?? 'nothing'}, not ${expectedName ?? 'nothing'}`);
  }
  if (operation === 'query') {
    const wanted = direction === 'desc' ? 'descending' : 'ascending';
    if (meaning.direction !== wanted) out.push(`${meaning.direction}, not ${wanted}`);
  }
  const limit = phrasing.limit === 'N' ? undefined : phrasing.limit;
  if (meaning.limit !== limit) out.push(`limit ${meaning.limit ?? 'none'}, not ${limit ?? 'none'}`);
  const filter = Object.entries(phrasing.filter ?? {});
  const where = meaning.where;
  const filterMatch = where.length === filter.length && filter.every(([attribute, value]) => where.some((each) => same(each.attribute) === same(attribute) && each.value.toLowerCase() === value));
  if (!filterMatch) out.push(`filter {${where.map((each) => `${each.attribute}=${each.value}`).join(', ')}}, not {${filter.map(([a, v]) => `${a}=${v}`).join(', ')}}`);
  if (phrasing.range !== undefined ? !names(model, entity, phrasing.range, meaning.between) : meaning.between !== undefined) {
    out.push(`range on ${meaning.between ?? 'nothing'}, not ${phrasing.range ?? 'nothing'}`);
  }
  return out;
}

/** Designs the one question from nothing, as a person typing it into the designer would. */
export function judge(phrasing: Phrasing): Verdict {
  const design = designFromQuestions([phrasing.q]);
  const warning = design.warnings[0];
  if (warning !== undefined) return { kind: 'warned', message: warning.message };
  const pattern = design.model.accessPatterns[0]!;
  const meaning = readAccessPattern(design.model, pattern);
  if (!acceptedEntities(phrasing).includes(meaning.entity)) return { kind: 'wrong-entity', got: meaning.entity };
  const plan = design.plans.find((each) => each.pattern === pattern.name)!;
  const found = differences(phrasing, design.model, meaning, plan);
  for (const problem of design.problems) found.push(`design problem: ${problem.message}`);
  return found.length === 0 ? { kind: 'right' } : { kind: 'wrong', differences: found, reading: meaning.reading };
}
