/**
 * The planner: the one GetItem or Query that answers an access pattern with
 * the keys the model declares, or a Scan (with why) when no key can.
 */
import type { AccessPatternSpec, EntitySpec, Model, PatternMeaning, PatternPlan } from '../model/types.js';
import { readAccessPattern } from '../patterns/index.js';
import type { Candidate } from './plan-candidate.js';
import { candidateRank, evaluateIndex, SHARD_FIELD } from './plan-candidate.js';
import { entityIndexes, entityNamed, tableNamed } from './indexes.js';
import type { EntityIndex } from './indexes.js';
import { explainPlan } from './plan-why.js';

export interface PlanAnalysis {
  readonly plan: PatternPlan;
  /** What the plan cannot do well: a Scan, a filter, an order the keys do not give, ConsistentRead on a GSI. */
  readonly problems: readonly string[];
}

/** Plans a pattern whose meaning is already known (as read by the access-pattern grammar). */
export function planMeaning(model: Model, name: string, meaning: PatternMeaning, consistentRead = false): PatternPlan {
  return analyzeMeaning(model, { name, consistentRead }, meaning).plan;
}

export function planAccessPattern(model: Model, pattern: AccessPatternSpec): PatternPlan {
  return analyzeMeaning(model, pattern, readAccessPattern(model, pattern)).plan;
}

export function analyzeMeaning(
  model: Model,
  pattern: { readonly name: string; readonly consistentRead?: boolean },
  meaning: PatternMeaning,
): PlanAnalysis {
  const entity = entityNamed(model, meaning.entity);
  const table = entity ? tableNamed(model, entity.table) : undefined;
  if (entity === undefined || table === undefined) {
    const why = entity === undefined ? `the model has no entity ${meaning.entity}` : `entity ${entity.name} names no table of the model`;
    return scanPlan(pattern.name, meaning, entity?.table ?? model.tables[0]?.name ?? '', [why], entity);
  }
  const constants = new Map(meaning.where.map((condition) => [condition.attribute, condition.value]));
  const sharesPartition = (index: EntityIndex) =>
    model.entities.some(
      (other) => other.name !== entity.name && other.table === entity.table && other.keys[index.partitionKey.name] === index.partitionTemplate,
    );
  const needs = { meaning, constants, consistentRead: pattern.consistentRead === true, sharesPartition };
  const candidates: Candidate[] = [];
  const rejections: string[] = [];
  for (const index of entityIndexes(table, entity)) {
    const result = evaluateIndex(entity, index, needs);
    if (result.ok) candidates.push(result.candidate);
    else rejections.push(result.reason);
  }
  if (entityIndexes(table, entity).length === 0) rejections.push(`${entity.name} has no key templates for ${table.name}`);
  const best = candidates.sort(compareCandidates)[0];
  if (best === undefined) return scanPlan(pattern.name, meaning, table.name, rejections, entity);
  return { plan: buildPlan(pattern.name, entity, meaning, best, needs.consistentRead), problems: best.problems };
}

function compareCandidates(a: Candidate, b: Candidate): number {
  return a.problems.length - b.problems.length || candidateRank(a) - candidateRank(b) || b.used.size - a.used.size;
}

function parametersOf(meaning: PatternMeaning, sharded: boolean): string[] {
  return [
    ...meaning.equals,
    ...(meaning.between !== undefined ? [`${meaning.between}From`, `${meaning.between}To`] : []),
    ...(sharded ? [SHARD_FIELD] : []),
  ];
}

function buildPlan(name: string, entity: EntitySpec, meaning: PatternMeaning, best: Candidate, consistentRead: boolean): PatternPlan {
  const index = best.index;
  const isQuery = best.operation === 'Query';
  const limit = !isQuery || best.filter.length > 0 ? undefined : meaning.kind === 'get' ? 1 : meaning.limit;
  const plan: PatternPlan = {
    pattern: name,
    entity: entity.name,
    operation: best.operation,
    table: entity.table,
    ...(index.kind !== 'table' ? { index: index.name! } : {}),
    partition: best.partitionParts?.[0] ?? { attribute: index.partitionKey.name, template: best.partitionTemplate },
    ...(best.partitionParts && best.partitionParts.length > 1 ? { partitionKeys: best.partitionParts } : {}),
    ...(best.sortEquals ? { sortEquals: best.sortEquals } : {}),
    ...(best.sort ? { sort: best.sort } : {}),
    ...(isQuery ? { scanIndexForward: meaning.direction !== 'descending' } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(consistentRead && index.kind !== 'gsi' ? { consistentRead: true } : {}),
    ...(best.filter.length > 0 ? { filter: best.filter } : {}),
    parameters: parametersOf(meaning, best.sharded),
    why: '',
  };
  return { ...plan, why: explainPlan(plan, entity, meaning, best, consistentRead) };
}

function scanPlan(name: string, meaning: PatternMeaning, table: string, reasons: string[], entity: EntitySpec | undefined): PlanAnalysis {
  const filter = meaning.where.map((condition) => ({ attribute: condition.attribute, value: condition.value }));
  const because = reasons.length > 0 ? reasons.join('; ') : 'no key answers it';
  const plan: PatternPlan = {
    pattern: name,
    entity: entity?.name ?? meaning.entity,
    operation: 'Scan',
    table,
    ...(filter.length > 0 ? { filter } : {}),
    parameters: parametersOf(meaning, false),
    why: `No key answers "${meaning.reading}" (${because}), so only a Scan of the whole table with a filter can, reading every item.`,
  };
  return { plan, problems: [`needs a Scan: ${because}`] };
}
