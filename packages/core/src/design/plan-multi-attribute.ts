/**
 * Key conditions on a GSI with a multi-attribute key: every partition attribute
 * with `=`; sort attributes left to right, `=` on each the caller supplies, and
 * at most one range condition (BETWEEN, or begins_with within a string
 * attribute) on the last one used. No condition spans two attributes.
 */
import { compileKeyTemplate } from '../keys/template.js';
import type { KeyPartPlan, PatternMeaning, SortConditionPlan } from '../model/types.js';
import type { EntityIndex } from './indexes.js';
import { indexLabel } from './indexes.js';
import type { KeyConditionsResult } from './plan-candidate.js';
import { SHARD_FIELD } from './plan-candidate.js';
import { applyConstants } from './template-text.js';

export function multiAttributeConditions(
  index: EntityIndex,
  supplied: (field: string) => boolean,
  meaning: PatternMeaning,
  constants: ReadonlyMap<string, string>,
): KeyConditionsResult {
  const label = indexLabel(index);
  const used = new Set<string>();
  let sharded = false;
  const partitionParts: KeyPartPlan[] = [];
  for (const [i, key] of index.partitionKeys.entries()) {
    const template = index.partitionTemplates[i]!;
    const fields = compileKeyTemplate(template).fields;
    if (fields.includes(SHARD_FIELD) && !supplied(SHARD_FIELD)) sharded = true;
    const missing = fields.filter((field) => !supplied(field) && field !== SHARD_FIELD);
    if (missing.length > 0) {
      return { ok: false, reason: `${label}'s partition key attribute ${key.name} = ${template} needs ${missing.join(', ')} (a Query gives every partition attribute)` };
    }
    for (const field of fields) used.add(field);
    partitionParts.push({ attribute: key.name, template: applyConstants(template, constants) });
  }
  const equals: KeyPartPlan[] = [];
  let range: SortConditionPlan | undefined;
  let orderField: string | undefined;
  let orderAt: number | undefined;
  for (const [i, key] of index.sortKeys.entries()) {
    const text = index.sortTemplates[i]!;
    const template = compileKeyTemplate(text);
    const stop = template.fields.findIndex((field) => !supplied(field));
    const part = { attribute: key.name, template: applyConstants(text, constants) };
    if (stop === -1) {
      for (const field of template.fields) used.add(field);
      equals.push(part);
      continue;
    }
    orderField = template.fields[stop];
    orderAt = i;
    for (const field of template.fields.slice(0, stop)) used.add(field);
    if (meaning.between !== undefined && meaning.between === orderField) {
      range = { ...part, operator: 'between', rangeAttribute: meaning.between };
    } else if (key.type === 'S' && (template.parts[0]?.kind === 'literal' || stop > 0)) {
      range = { ...part, operator: 'beginsWith' };
    }
    break;
  }
  // The last condition is the plan's `sort`; the equalities before it lead up to it.
  const sort: SortConditionPlan | undefined = range ?? (equals.length > 0 ? { ...equals[equals.length - 1]!, operator: 'equals' } : undefined);
  const sortEquals = range ? equals : equals.slice(0, -1);
  const order =
    orderAt !== undefined && orderField !== undefined
      ? { orderField, orderTemplate: index.sortTemplates[orderAt]!, orderKeyType: index.sortKeys[orderAt]!.type }
      : {};
  return {
    ok: true,
    conditions: { sharded, used, ...(sort ? { sort } : {}), partitionParts, sortEquals, ...order },
  };
}
