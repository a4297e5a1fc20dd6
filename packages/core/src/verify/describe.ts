/** A plan's key condition for people: `PK = PLAYER#{playerId} AND begins_with(SK, "MATCH#")`. */
import type { PatternPlan } from '../model/types.js';
import { parseTemplateParts } from '../keys/template.js';

export function describeKeyCondition(plan: PatternPlan): string {
  if (plan.partition === undefined) return '(none)';
  const parts = [`${plan.partition.attribute} = "${plan.partition.template}"`];
  const sort = plan.sort;
  if (sort?.operator === 'equals') parts.push(`${sort.attribute} = "${sort.template}"`);
  if (sort?.operator === 'beginsWith') parts.push(`begins_with(${sort.attribute}, "${prefixOf(sort.template, plan.parameters)}")`);
  if (sort?.operator === 'between') {
    const from = prefixOf(sort.template, plan.parameters, sort.rangeAttribute, `${sort.rangeAttribute}From`);
    const to = prefixOf(sort.template, plan.parameters, sort.rangeAttribute, `${sort.rangeAttribute}To`);
    parts.push(`${sort.attribute} BETWEEN "${from}" AND "${to}…"`);
  }
  return parts.join(' AND ');
}

/** The template's text up to the first field the caller does not supply, fields shown as {name}. */
function prefixOf(template: string, parameters: readonly string[], rangeField?: string, rangeName?: string): string {
  let out = '';
  for (const part of parseTemplateParts(template)) {
    if (part.kind === 'literal') out += part.text;
    else if (part.name === rangeField) {
      out += `{${rangeName}}`;
      break;
    } else if (parameters.includes(part.name)) out += `{${part.name}}`;
    else break;
  }
  return out;
}
