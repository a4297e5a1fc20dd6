import { digitsForRange } from '../attributes.js';
import { autofix, fieldText, reformatField } from '../autofix.js';
import { keyIndex, keySubject, stringSortKeyFields } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

/** Integer digits a key format allows: 05 → 5, d8.2 → 8. */
function integerWidth(format: string): number | undefined {
  const integer = /^0(\d+)$/.exec(format);
  if (integer) return Number(integer[1]);
  const decimal = /^d(\d+)\.\d+$/.exec(format);
  return decimal ? Number(decimal[1]) : undefined;
}

export const numberPaddingTooNarrow: LintRule = {
  id: 'number-padding-too-narrow',
  severity: 'error',
  title: 'Key width narrower than the declared range',
  description:
    'A fixed-width number format has fewer digits than the declared min/max need; writing such a value fails instead of sorting.',
  check(context) {
    return stringSortKeyFields(context).flatMap((field) => {
      const width = field.format === undefined ? undefined : integerWidth(field.format);
      const needed = field.attribute ? digitsForRange(field.attribute) : undefined;
      if (width === undefined || needed === undefined || needed <= width) return [];
      const range = `${field.attribute?.min ?? '…'} to ${field.attribute?.max ?? '…'}`;
      const wider = field.format?.startsWith('d') ? field.format.replace(/^d\d+/, `d${needed}`) : `0${needed}`;
      return [
        finding(this, {
          subject: keySubject(field.view, field.key),
          message: `${field.key.keyAttribute} (${field.key.text}) gives ${field.name} ${width} digits, but its declared range ${range} needs ${needed}; such values cannot be written.`,
          fix: `Widen the format to {${field.name}:${wider}}, or narrow the declared range if it is wrong. Existing keys must be rewritten when the width changes.`,
          location: location({ entity: field.view.entity.name, keyAttribute: field.key.keyAttribute, index: keyIndex(field.key), attribute: field.name }),
          autofix: autofix(`Use ${fieldText(field.name, wider)}`, [reformatField(field.view.entity.name, field.key, field.name, field.format, wider)]),
        }),
      ];
    });
  },
};
