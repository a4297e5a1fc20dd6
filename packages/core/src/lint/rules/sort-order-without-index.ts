import { unorderedReason } from '../attributes.js';
import { finding, location, patternRule } from '../rule.js';
import { isReversedName } from './reversed-timestamp.js';

export const sortOrderWithoutIndex = patternRule(
  {
    id: 'sort-order-without-index',
    severity: 'error',
    title: 'Second sort order with no index for it',
    description:
      'A pattern wants the items of a partition in an order that no sort key gives: a key sorts one way, and each other order of the same items needs its own index.',
  },
  (analysis, rule) => {
    const wanted = analysis.wantedOrder;
    const view = analysis.entity;
    const path = analysis.readPath;
    if (wanted === undefined || !view || !path) return [];
    const field = analysis.orderingField;
    if (field === wanted) return [];
    const fieldAttribute = field === undefined ? undefined : view.attribute(field);
    if (field !== undefined && ((fieldAttribute && unorderedReason(fieldAttribute)) || isReversedName(field))) return [];
    const where = path.index ?? 'the base table';
    const sorted = path.sort ? `its sort key ${path.sort.keyAttribute} (${path.sort.text}) orders them by ${field ?? 'nothing the caller does not already fix'}` : 'it has no sort key for these items';
    return [
      finding(rule, {
        subject: `pattern ${analysis.pattern.name}`,
        message: `${analysis.pattern.name} wants ${view.entity.name} items ordered by ${wanted}, but ${where} collects them and ${sorted}.`,
        fix: `Add an index (a GSI, or an LSI on the same partition) whose sort key starts with ${wanted} in a sortable form, e.g. {${wanted}:iso} or {${wanted}:05}; one key gives one order.`,
        location: location({ entity: view.entity.name, index: path.index, keyAttribute: path.sort?.keyAttribute, attribute: wanted, pattern: analysis.pattern.name }),
      }),
    ];
  },
);
