import type { AttributeSpec } from '../../model/types.js';
import { dateOrderProblem } from '../attributes.js';
import { attributePath, autofix, fieldText, reformatField } from '../autofix.js';
import type { KeyField } from '../key-fields.js';
import { keyIndex, keySubject, stringSortKeyFields } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';
import type { LintAutofix } from '../types.js';

/**
 * Epoch numbers get a fixed width; other times are stored as ISO-8601 (the
 * attribute's own format dropped) and written with {at:iso}; dates as YYYY-MM-DD.
 */
function sortableDateFix(field: KeyField, attribute: AttributeSpec): LintAutofix | undefined {
  const entity = field.view.entity.name;
  const epoch = attribute.format === 'epoch-seconds' ? '010' : attribute.format === 'epoch-millis' ? '013' : undefined;
  if (epoch !== undefined) return autofix(`Use ${fieldText(field.name, epoch)}`, [reformatField(entity, field.key, field.name, field.format, epoch)]);
  const dropFormat = attribute.format === undefined ? [] : [{ op: 'remove' as const, path: attributePath(entity, attribute.name, 'format') }];
  const dropExamples = attribute.examples === undefined ? [] : [{ op: 'remove' as const, path: attributePath(entity, attribute.name, 'examples') }];
  if (attribute.type === 'date') return autofix('Store YYYY-MM-DD', [reformatField(entity, field.key, field.name, field.format, undefined), ...dropFormat, ...dropExamples]);
  if (attribute.type !== 'timestamp') return undefined;
  return autofix(`Store ISO-8601, use ${fieldText(field.name, 'iso')}`, [reformatField(entity, field.key, field.name, field.format, 'iso'), ...dropFormat, ...dropExamples]);
}

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
          autofix: field.attribute ? sortableDateFix(field, field.attribute) : undefined,
        }),
      ];
    });
  },
};
