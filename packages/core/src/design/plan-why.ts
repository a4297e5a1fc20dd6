/** The one sentence on why a plan answers its pattern. */
import type { EntitySpec, PatternMeaning, PatternPlan } from '../model/types.js';
import { indexLabel } from './indexes.js';
import type { Candidate } from './plan-candidate.js';
import { SHARD_FIELD } from './plan-candidate.js';
import { staticPrefix } from './template-text.js';

export function explainPlan(plan: PatternPlan, entity: EntitySpec, meaning: PatternMeaning, best: Candidate, consistentRead: boolean): string {
  const index = best.index;
  const label = indexLabel(index);
  const supplied = (field: string) => best.used.has(field);
  const fields = [...best.used].filter((field) => field !== SHARD_FIELD);
  if (plan.operation === 'GetItem') {
    const sort = plan.sort ? ` and ${plan.sort.attribute} = ${plan.sort.template}` : '';
    return `GetItem on the table: ${plan.partition!.attribute} = ${plan.partition!.template}${sort} are built from ${list(fields)} alone, so the key names exactly one ${entity.name}.`;
  }
  const partitions = (plan.partitionKeys ?? [plan.partition!]).map((part) => `${part.attribute} = ${part.template}`);
  const clauses: string[] = [`Query ${label} on ${list(partitions)}`];
  if (plan.sortEquals && plan.sortEquals.length > 0) clauses.push(`with ${list(plan.sortEquals.map((part) => `${part.attribute} = ${part.template}`))}`);
  const sort = plan.sort;
  if (sort?.operator === 'equals') clauses.push(`${plan.sortEquals && plan.sortEquals.length > 0 ? 'and' : 'with'} ${sort.attribute} = ${sort.template}`);
  if (sort?.operator === 'beginsWith') {
    const prefix = staticPrefix(sort.template, supplied);
    clauses.push(`with ${sort.attribute} begins_with "${prefix}" (which keeps other items of the partition out)`);
  }
  if (sort?.operator === 'between') {
    clauses.push(`with ${sort.attribute} BETWEEN the key built from ${sort.rangeAttribute}From and the one from ${sort.rangeAttribute}To`);
  }
  if (sort === undefined && index.sortKey === undefined) clauses.push('reading the whole partition');
  if (meaning.orderBy !== undefined && best.orderField === meaning.orderBy) {
    clauses.push(`the sort key orders ${entity.plural} by ${meaning.orderBy}, read ${meaning.direction === 'descending' ? 'backwards (ScanIndexForward false)' : 'forwards'}`);
  } else if (meaning.direction === 'descending') clauses.push('read backwards (ScanIndexForward false)');
  // Order problems do not change the plan, but the reader of the plan must see them.
  const orderProblems = meaning.orderBy === undefined ? [] : best.problems.filter((p) => p.includes(meaning.orderBy!) && !p.includes('filter'));
  for (const problem of orderProblems) clauses.push(`but ${problem}`);
  if (meaning.kind === 'get') {
    const unique = meaning.equals.some((name) => entity.attributes.find((a) => a.name === name)?.unique === true);
    const reason = index.kind === 'gsi' ? 'a GSI has no GetItem' : 'the key needs more than the supplied attributes';
    clauses.push(
      unique
        ? `${reason}, and ${list(meaning.equals)} is unique, so Limit 1 stops at the one match`
        : `${reason}; ${list(meaning.equals)} is not declared unique, so Limit 1 returns the first match`,
    );
  } else if (plan.limit !== undefined) clauses.push(`Limit ${plan.limit} stops after the first ${plan.limit}`);
  if (plan.filter) {
    clauses.push(`${plan.filter.map((c) => `${c.attribute} = ${c.value}`).join(' and ')} is left to a FilterExpression${meaning.limit !== undefined ? ' (so no Limit: it would count dropped items)' : ''}`);
  }
  if (best.sharded) clauses.push(`the partition is write-sharded: run it once per ${SHARD_FIELD} value and merge`);
  if (consistentRead && index.kind === 'gsi') clauses.push('ConsistentRead is not possible on a GSI, so the read is eventually consistent');
  if (index.projection.type === 'KEYS_ONLY') clauses.push('the index projects keys only, so the rest of the item needs a GetItem');
  if (best.problems.some((problem) => problem.startsWith('other entities share'))) {
    clauses.push('no sort key prefix separates entity types here, so other items of the partition come back too');
  }
  return `${clauses.join(', ')}.`;
}

function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? 'nothing') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
