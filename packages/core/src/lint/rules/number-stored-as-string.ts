import { isNumberStoredAsString } from '../attributes.js';
import { autofix, storeAsNumberEdits } from '../autofix.js';
import { finding, location, patternRule } from '../rule.js';

export const numberStoredAsString = patternRule(
  {
    id: 'number-stored-as-string',
    severity: 'warning',
    title: 'Number stored as a string where numeric order is wanted',
    description: 'A pattern orders or ranges by an attribute whose digits are stored as a string, so "42" sorts before "9".',
  },
  (analysis, rule) => {
    const name = analysis.wantedOrder;
    const attribute = name === undefined ? undefined : analysis.entity?.attribute(name);
    if (!analysis.entity || !attribute || !isNumberStoredAsString(attribute)) return [];
    const entity = analysis.entity.entity.name;
    return [
      finding(rule, {
        subject: `${entity} ${attribute.name}`,
        message: `${analysis.pattern.name} orders ${entity} items by ${attribute.name}, which is stored as a string: as text "42" sorts before "9".`,
        fix: `Store ${attribute.name} as a number (type: number, no format: string) and write it into composite keys with a fixed width such as {${attribute.name}:05}, or make it a sort key of type N.`,
        location: location({ entity, attribute: attribute.name, pattern: analysis.pattern.name }),
        autofix: autofix('Store as a number', storeAsNumberEdits(entity, attribute)),
      }),
    ];
  },
);
