import { dateOrderProblem } from '../attributes.js';
import { keyIndex, keySubject, stringSortKeyFields } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

export const nonSortableDate: LintRule = {
  id: 'non-sortable-date',
  severity: 'error',
  title: 'Date or time that does not sort as text',
  description:
    'A string sort key holds a date or timestamp whose text order is not time order: M/D/YYYY, DD.MM.YYYY, a 12-hour clock, or an epoch number without a fixed width.',
  check(context) {
    return stringSortKeyFields(context).flatMap((field) => {
      const problem = field.attribute ? dateOrderProblem(field.attribute, field.format) : undefined;
      if (!problem) return [];
      const epoch = field.attribute?.format?.startsWith('epoch') === true;
      return [
        finding(this, {
          subject: keySubject(field.view, field.key),
          message: `${field.key.keyAttribute} (${field.key.text}) sorts by text, and ${problem}: 6/23/2026 sorts after 12/1/2026.`,
          fix: epoch
            ? `Write a fixed width, {${field.name}:010} for epoch seconds or {${field.name}:013} for milliseconds, or store ISO-8601 and use {${field.name}:iso}.`
            : `Store ${field.name} as ISO-8601 (2026-06-23T00:00:00Z, or YYYY-MM-DD for a date) and write it with {${field.name}:iso}; year first and fixed width make text order time order.`,
          location: location({
            entity: field.view.entity.name,
            keyAttribute: field.key.keyAttribute,
            index: keyIndex(field.key),
            attribute: field.name,
          }),
        }),
      ];
    });
  },
};
