import { isReservedWord } from '../../expressions/names.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

export const reservedAttributeName: LintRule = {
  id: 'reserved-attribute-name',
  severity: 'info',
  title: 'Attribute name that is a reserved word',
  description:
    'The name is one of DynamoDB\'s reserved words, so expressions must alias it (#status). DynoTable\'s generated requests always do; this is advice for hand-written expressions.',
  check(context) {
    return context.entities.flatMap((view) =>
      view.entity.attributes
        .filter((attribute) => isReservedWord(attribute.name))
        .map((attribute) =>
          finding(this, {
            subject: `${view.entity.name} ${attribute.name}`,
            message: `${attribute.name} is a DynamoDB reserved word; DynoTable's generated requests alias it already, so this is only advice for expressions written by hand, which must use an ExpressionAttributeNames alias.`,
            fix: `Keep the name and alias it (#${attribute.name}) in hand-written expressions, or rename it (e.g. ${view.entity.name.charAt(0).toLowerCase()}${view.entity.name.slice(1)}${attribute.name.charAt(0).toUpperCase()}${attribute.name.slice(1)}).`,
            location: location({ entity: view.entity.name, attribute: attribute.name }),
          }),
        ),
    );
  },
};
