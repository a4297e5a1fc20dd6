import type { AttributeSpec } from '../../model/types.js';
import { fieldsOf, keyIndex, keySubject, sortRole } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

// reverse, reversed, inverted, negated; not "negative", which is a sign, not an order.
const REVERSED_NAME = /(^|[^a-z])(revers|invert|negated)|(Revers|Invert|Negated)/;
const COMPLEMENT_TEXT = /9{4,}\s*[-−]|\brevers|\binvert/i;

export function isReversedName(name: string): boolean {
  return REVERSED_NAME.test(name);
}

function reversedReason(name: string, attribute: AttributeSpec | undefined): string | undefined {
  if (isReversedName(name)) return `the name ${name} says it is reversed`;
  const text = [attribute?.description ?? '', ...(attribute?.examples ?? [])].join(' ');
  if (COMPLEMENT_TEXT.test(text)) return `${name} is described as a 9999… minus value`;
  return undefined;
}

export const reversedTimestamp: LintRule = {
  id: 'reversed-timestamp',
  severity: 'warning',
  title: 'Reversed timestamp for descending reads',
  description: 'A sort key stores an inverted time (9999… minus the time) to read newest first; ScanIndexForward=false reads the same key backwards at the same cost.',
  check(context) {
    return context.entities.flatMap((view) =>
      view.keys
        .filter((key) => sortRole(key) !== undefined)
        .flatMap((key) =>
          fieldsOf(view, key).flatMap((field) => {
            const reason = reversedReason(field.name, field.attribute);
            if (!reason) return [];
            return [
              finding(this, {
                subject: keySubject(view, key),
                message: `${key.keyAttribute} (${key.text}) sorts by ${field.name}, and ${reason}: a reversed time makes the key harder to read, to range over and to debug, and buys nothing.`,
                fix: `Store the time itself ({at:iso}) and read newest first with ScanIndexForward=false on the Query; the same key then serves both directions.`,
                location: location({ entity: view.entity.name, keyAttribute: key.keyAttribute, index: keyIndex(key), attribute: field.name }),
              }),
            ];
          }),
        ),
    );
  },
};
