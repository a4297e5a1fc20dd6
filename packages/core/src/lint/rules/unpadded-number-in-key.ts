import { digitsForRange, isNumberAttribute } from '../attributes.js';
import { autofix, fieldText, reformatField } from '../autofix.js';
import { keyIndex, keySubject, stringSortKeyFields } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

export const unpaddedNumberInKey: LintRule = {
  id: 'unpadded-number-in-key',
  severity: 'error',
  title: 'Number in a string sort key without a fixed width',
  description:
    'A number written into a string sort key as plain digits sorts by its text: RATING#9 sorts after RATING#1000, and -1 after -10.',
  check(context) {
    return stringSortKeyFields(context).flatMap((field) => {
      if (!field.attribute || !isNumberAttribute(field.attribute) || field.format !== undefined) return [];
      const width = digitsForRange(field.attribute) ?? 10;
      const negative = (field.attribute.min ?? 0) < 0;
      const format = field.attribute.integer === false ? `d${width}.2` : `0${width}`;
      const suggestion = fieldText(field.name, format);
      return [
        finding(this, {
          subject: keySubject(field.view, field.key),
          message: `${field.key.keyAttribute} (${field.key.text}) writes ${field.name} as plain digits, so it sorts as text: 9 after 1000${negative ? ', and negative values in reverse' : ''}.`,
          fix: `Write a fixed width covering the declared range: ${suggestion}${negative ? ' (negative values are stored as complements, so they sort too)' : ''}.`,
          location: location({ entity: field.view.entity.name, keyAttribute: field.key.keyAttribute, index: keyIndex(field.key), attribute: field.name }),
          autofix: autofix(`Use ${suggestion}`, [reformatField(field.view.entity.name, field.key, field.name, undefined, format)]),
        }),
      ];
    });
  },
};
