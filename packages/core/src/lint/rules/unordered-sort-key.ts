import { unorderedReason } from '../attributes.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

export const unorderedSortKey: LintRule = {
  id: 'unordered-sort-key',
  severity: 'error',
  title: 'Random value orders a sort key',
  description:
    'A pattern reads a range or an order through a sort key whose ordering field is a UUID or another random value, so the items come back in arbitrary order.',
  check(context) {
    return context.patterns.flatMap((analysis) => {
      const field = analysis.orderingField;
      const sort = analysis.readPath?.sort;
      if (!analysis.entity || !sort || field === undefined || analysis.wantedOrder === undefined) return [];
      const attribute = analysis.entity.attribute(field);
      const reason = attribute ? unorderedReason(attribute) : undefined;
      if (!reason) return [];
      const entity = analysis.entity.entity.name;
      return [
        finding(this, {
          subject: `${entity} ${sort.keyAttribute}`,
          message: `${analysis.pattern.name} wants ${entity} items ordered by ${analysis.wantedOrder}, but ${sort.keyAttribute} (${sort.text}) sorts them by ${field}, and ${reason}.`,
          fix: `Put the value the pattern orders by first in ${sort.keyAttribute} in a sortable form and keep ${field} after it only as a tie-breaker, e.g. EVT#{at:iso}#{${field}}.`,
          location: location({ entity, keyAttribute: sort.keyAttribute, index: analysis.readPath?.index, attribute: field, pattern: analysis.pattern.name }),
        }),
      ];
    });
  },
};
