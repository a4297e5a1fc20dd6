/**
 * How well one index (or the base table) answers a pattern: its key condition,
 * what is left to a filter, and what it cannot do (order, consistency).
 * A candidate is rejected outright when its keys cannot select the items at
 * all: a partition field the caller does not supply, an equality the keys do
 * not use, a range on the wrong field, or a sparse index that would miss items.
 */
import { compileKeyTemplate } from '../keys/template.js';
import type { EntitySpec, KeyAttribute, KeyPartPlan, PatternMeaning, SortConditionPlan } from '../model/types.js';
import type { EntityIndex } from './indexes.js';
import { indexLabel } from './indexes.js';
import { isMultiAttributeIndex } from '../model/global-index.js';
import { multiAttributeConditions } from './plan-multi-attribute.js';
import { fieldOrderProblem } from './sortable.js';
import { applyConstants } from './template-text.js';

/** The attribute the designer adds for write sharding; the caller supplies it per Query. */
export const SHARD_FIELD = 'shard';

export interface Candidate {
  readonly index: EntityIndex;
  readonly operation: 'GetItem' | 'Query';
  readonly partitionTemplate: string;
  readonly sort?: SortConditionPlan;
  /** A multi-attribute GSI key: every partition attribute's condition (the first is `partitionTemplate`'s). */
  readonly partitionParts?: readonly KeyPartPlan[];
  /** A multi-attribute GSI sort key: the leading sort attributes matched with `=`, before `sort`. */
  readonly sortEquals?: readonly KeyPartPlan[];
  /** The first sort field the caller does not supply: the order of the result. */
  readonly orderField?: string;
  readonly filter: { attribute: string; value: string }[];
  /** Problems the plan keeps (order, consistency, encoding): the linter's findings. */
  readonly problems: string[];
  /** Attributes the key condition uses. */
  readonly used: ReadonlySet<string>;
  readonly sharded: boolean;
}

export type CandidateResult = { ok: true; candidate: Candidate } | { ok: false; reason: string };

export interface PatternNeeds {
  readonly meaning: PatternMeaning;
  readonly constants: ReadonlyMap<string, string>;
  readonly consistentRead: boolean;
  /** Whether another entity's items can sit in the same partition of this index. */
  readonly sharesPartition: (index: EntityIndex) => boolean;
}

export function evaluateIndex(entity: EntitySpec, index: EntityIndex, needs: PatternNeeds): CandidateResult {
  const { meaning, constants } = needs;
  const label = indexLabel(index);
  for (const [attribute, value] of Object.entries(index.keysWhen)) {
    if (constants.get(attribute) !== value) {
      return { ok: false, reason: `${label} holds only ${entity.plural} whose ${attribute} is ${value}` };
    }
  }
  const supplied = (field: string) => meaning.equals.includes(field) || constants.has(field);
  const keys = isMultiAttributeIndex(index) ? multiAttributeConditions(index, supplied, meaning, constants) : singleAttributeConditions(index, supplied, meaning, constants);
  if (!keys.ok) return keys;
  return finishCandidate(entity, index, needs, keys.conditions);
}

/** What an index's key conditions make of the supplied attributes. */
interface KeyConditions {
  readonly sharded: boolean;
  readonly used: Set<string>;
  readonly sort?: SortConditionPlan;
  readonly orderField?: string;
  /** The template and type of the sort key attribute that holds orderField. */
  readonly orderTemplate?: string;
  readonly orderKeyType?: KeyAttribute['type'];
  readonly partitionParts?: readonly KeyPartPlan[];
  readonly sortEquals?: readonly KeyPartPlan[];
}

export type KeyConditionsResult = { ok: true; conditions: KeyConditions } | { ok: false; reason: string };

function singleAttributeConditions(
  index: EntityIndex,
  supplied: (field: string) => boolean,
  meaning: PatternMeaning,
  constants: ReadonlyMap<string, string>,
): KeyConditionsResult {
  const label = indexLabel(index);
  const partition = compileKeyTemplate(index.partitionTemplate);
  const sharded = partition.fields.includes(SHARD_FIELD) && !supplied(SHARD_FIELD);
  const missing = partition.fields.filter((field) => !supplied(field) && field !== SHARD_FIELD);
  if (missing.length > 0) {
    return { ok: false, reason: `${label}'s partition key ${index.partitionKey.name} = ${index.partitionTemplate} needs ${missing.join(', ')}` };
  }
  const used = new Set(partition.fields);
  let sort: SortConditionPlan | undefined;
  let orderField: string | undefined;
  if (index.sortKey && index.sortTemplate !== undefined) {
    const template = compileKeyTemplate(index.sortTemplate);
    const stop = template.fields.findIndex((field) => !supplied(field));
    const known = stop === -1 ? template.fields : template.fields.slice(0, stop);
    for (const field of known) used.add(field);
    const attribute = index.sortKey.name;
    const applied = applyConstants(index.sortTemplate, constants);
    if (stop === -1) sort = { attribute, template: applied, operator: 'equals' };
    else {
      orderField = template.fields[stop];
      if (meaning.between !== undefined && meaning.between === orderField) {
        sort = { attribute, template: applied, operator: 'between', rangeAttribute: meaning.between };
      } else if (template.parts[0]?.kind === 'literal' || stop > 0) {
        sort = { attribute, template: applied, operator: 'beginsWith' };
      }
    }
  }
  const orderKey = index.sortTemplate !== undefined && index.sortKey ? { orderTemplate: index.sortTemplate, orderKeyType: index.sortKey.type } : {};
  return {
    ok: true,
    conditions: { sharded, used, ...(sort ? { sort } : {}), ...(orderField !== undefined ? { orderField, ...orderKey } : {}) },
  };
}

function finishCandidate(entity: EntitySpec, index: EntityIndex, needs: PatternNeeds, keys: KeyConditions): CandidateResult {
  const { meaning, constants } = needs;
  const label = indexLabel(index);
  const { sharded, used, sort, orderField } = keys;
  if (meaning.between !== undefined && sort?.operator !== 'between') {
    return { ok: false, reason: `${label} cannot bound ${meaning.between}: it is not the first sort key field after the supplied ones` };
  }
  const unused = meaning.equals.filter((attribute) => !used.has(attribute));
  if (unused.length > 0) return { ok: false, reason: `${label}'s keys do not use ${unused.join(', ')}` };

  const problems: string[] = [];
  const filter = [...constants]
    .filter(([attribute, value]) => !used.has(attribute) && index.keysWhen[attribute] !== value && !literalSays(index, value))
    .map(([attribute, value]) => ({ attribute, value }));
  for (const condition of filter) problems.push(`${condition.attribute} = ${condition.value} is left to a filter, which reads and pays for the items it drops`);

  if (meaning.orderBy !== undefined && !used.has(meaning.orderBy)) {
    if (orderField !== meaning.orderBy) {
      const actual = orderField !== undefined ? `orders by ${orderField}` : 'has no sort field left to order by';
      problems.push(`${label} ${actual}, not by ${meaning.orderBy}`);
    } else {
      const part = compileKeyTemplate(keys.orderTemplate!).parts.find((p) => p.kind === 'field' && p.name === orderField);
      const numericKey = keys.orderKeyType === 'N';
      const problem = part?.kind === 'field' ? fieldOrderProblem(entity, part, numericKey) : undefined;
      if (problem !== undefined) problems.push(problem);
    }
  }
  if (sort === undefined && index.sortKey !== undefined && needs.sharesPartition(index)) {
    problems.push(`other entities share ${label}'s partition ${index.partitionTemplate} and no sort key prefix keeps them out`);
  }
  if (needs.consistentRead && index.kind === 'gsi') {
    problems.push(`${label} cannot be read with ConsistentRead: GSIs are eventually consistent only`);
  }
  const fullKey = index.kind === 'table' && !sharded && (index.sortKey === undefined || sort?.operator === 'equals');
  const operation = meaning.kind === 'get' && fullKey && filter.length === 0 ? 'GetItem' : 'Query';
  return {
    ok: true,
    candidate: {
      index,
      operation,
      partitionTemplate: applyConstants(index.partitionTemplate, constants),
      ...(sort ? { sort } : {}),
      ...(keys.partitionParts ? { partitionParts: keys.partitionParts } : {}),
      ...(keys.sortEquals && keys.sortEquals.length > 0 ? { sortEquals: keys.sortEquals } : {}),
      ...(orderField !== undefined ? { orderField } : {}),
      filter,
      problems,
      used,
      sharded,
    },
  };
}

/** A constant written as literal text in the keys: `OPEN#TEAM#{teamId}` answers "open". */
function literalSays(index: EntityIndex, value: string): boolean {
  const texts = [...index.partitionTemplates, ...index.sortTemplates];
  return texts.some((text) =>
    compileKeyTemplate(text).parts.some(
      (part) => part.kind === 'literal' && part.text.split('#').some((segment) => segment.toLowerCase() === value.toLowerCase()),
    ),
  );
}

/** GetItem first, then the base table, then LSIs, then GSIs. */
export function candidateRank(candidate: Candidate): number {
  if (candidate.operation === 'GetItem') return 0;
  return { table: 1, lsi: 2, gsi: 3 }[candidate.index.kind];
}
