import { isNumberStoredAsString } from '../attributes.js';
import { autofix, fieldText, numberKeyFormat, reformatField, storeAsNumberEdits } from '../autofix.js';
import { keyIndex, keySubject, stringSortKeyFields } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

const NAIVE_EXAMPLE = /^(-0+\d|0+-\d)/;

export const naiveNegativePadding: LintRule = {
  id: 'naive-negative-padding',
  severity: 'error',
  title: 'Negative numbers padded naively',
  description:
    'A number that can be negative is padded by the application (stored as a string) rather than by a key format; zero padding keeps -5 before -10, or puts the sign in the middle.',
  check(context) {
    return stringSortKeyFields(context).flatMap((field) => {
      const attribute = field.attribute;
      if (!attribute || field.format !== undefined || !isNumberStoredAsString(attribute)) return [];
      const negative = (attribute.min ?? 0) < 0 || (attribute.examples ?? []).some((example) => NAIVE_EXAMPLE.test(example));
      if (!negative) return [];
      const entity = field.view.entity.name;
      const format = numberKeyFormat(attribute);
      return [
        finding(this, {
          subject: keySubject(field.view, field.key),
          message: `${field.key.keyAttribute} (${field.key.text}) takes ${field.name} as text the application pads, and it can be negative: "-005" sorts before "-010" although -5 > -10, and padStart gives "00-5".`,
          fix: `Declare ${field.name} as a number (format: number) and write it with a key format, e.g. {${field.name}:05}: negative values are written as "-" and the complement 10^5 + n, so -10 is -99990 and -5 is -99995 and byte order is numeric order.`,
          location: location({ entity, keyAttribute: field.key.keyAttribute, index: keyIndex(field.key), attribute: field.name }),
          autofix: autofix(`Store as a number, use ${fieldText(field.name, format)}`, [
            ...storeAsNumberEdits(entity, attribute),
            reformatField(entity, field.key, field.name, undefined, format),
          ]),
        }),
      ];
    });
  },
};
