import { isMutable, unorderedReason } from '../attributes.js';
import { autofix, replaceField, setKey, sortableFormat } from '../autofix.js';
import type { EntityKey, EntityView } from '../context.js';
import { keyFields } from '../context.js';
import type { LintAutofix } from '../types.js';

/**
 * The wanted attribute, in a sortable form, put in front of the random field,
 * which stays as the tie-breaker: MATCH#{matchId} → MATCH#{playedAt:iso}#{matchId}.
 * None when the attribute has no sortable form, is in the key already, or
 * changes while the key is a base-table key.
 */
function orderFirstFix(view: EntityView, key: EntityKey, field: string, wanted: string): LintAutofix | undefined {
  const attribute = view.attribute(wanted);
  const sortable = attribute ? sortableFormat(attribute) : undefined;
  if (!sortable || keyFields(key).includes(wanted)) return undefined;
  if (key.roles.some((role) => role.kind === 'table') && isMutable(view, wanted)) return undefined;
  const part = key.template?.parts.find((each) => each.kind === 'field' && each.name === field);
  const format = part?.kind === 'field' ? part.format : undefined;
  const template = replaceField(key, field, format, [
    { kind: 'field', name: wanted, format: sortable.format },
    { kind: 'literal', text: '#' },
    { kind: 'field', name: field, format },
  ]);
  if (template === undefined) return undefined;
  return autofix(`Use ${key.keyAttribute}: ${template}`, [setKey(view.entity.name, key.keyAttribute, template)]);
}
import { finding, location, patternRule } from '../rule.js';

export const unorderedSortKey = patternRule(
  {
    id: 'unordered-sort-key',
    severity: 'error',
    title: 'Random value orders a sort key',
    description:
      'A pattern reads a range or an order through a sort key whose ordering field is a UUID or another random value, so the items come back in arbitrary order.',
  },
  (analysis, rule) => {
    const field = analysis.orderingField;
    // The sort key attribute holding the field: on a multi-attribute key, not always the first.
    const sort = analysis.readPath?.sorts.find((each) => each !== undefined && keyFields(each).includes(field ?? '')) ?? analysis.readPath?.sort;
    if (!analysis.entity || !sort || field === undefined || analysis.wantedOrder === undefined) return [];
    const attribute = analysis.entity.attribute(field);
    const reason = attribute ? unorderedReason(attribute) : undefined;
    if (!reason) return [];
    const entity = analysis.entity.entity.name;
    return [
      finding(rule, {
        subject: `${entity} ${sort.keyAttribute}`,
        message: `${analysis.pattern.name} wants ${entity} items ordered by ${analysis.wantedOrder}, but ${sort.keyAttribute} (${sort.text}) sorts them by ${field}, and ${reason}.`,
        fix: `Put the value the pattern orders by first in ${sort.keyAttribute} in a sortable form and keep ${field} after it only as a tie-breaker, e.g. EVT#{at:iso}#{${field}}.`,
        location: location({ entity, keyAttribute: sort.keyAttribute, index: analysis.readPath?.index, attribute: field, pattern: analysis.pattern.name }),
        autofix: orderFirstFix(analysis.entity, sort, field, analysis.wantedOrder),
      }),
    ];
  },
);
