/**
 * Whether a key field's text sorts in the order of the value it encodes.
 * DynamoDB orders strings by UTF-8 bytes, so `10` sorts before `9` unless the
 * number is written at a fixed width.
 */
import type { TemplatePart } from '../keys/template.js';
import type { AttributeSpec, EntitySpec } from '../model/types.js';

/** Undefined when the field sorts as its value; otherwise why it does not. */
export function fieldOrderProblem(
  entity: EntitySpec,
  field: Extract<TemplatePart, { kind: 'field' }>,
  numericKey: boolean,
): string | undefined {
  const attribute: AttributeSpec | undefined = entity.attributes.find((a) => a.name === field.name);
  if (attribute === undefined) return `${field.name} is not a declared attribute of ${entity.name}`;
  const format = field.format;
  // A Number key attribute holding the bare value sorts numerically.
  if (numericKey && format === undefined) return undefined;
  switch (attribute.type) {
    case 'number': {
      if (format === undefined) return `${field.name} is a number written as plain text, so 10 sorts before 9; pad it ({${field.name}:0N})`;
      const width = /^0(\d+)$/.exec(format)?.[1];
      if (width !== undefined && attribute.max !== undefined) {
        const needed = String(Math.trunc(Math.abs(attribute.max))).length;
        if (needed > Number(width)) return `${field.name} is padded to ${width} digits but its declared maximum ${attribute.max} needs ${needed}`;
      }
      return undefined;
    }
    case 'timestamp': {
      if (format !== undefined) return undefined;
      const declared = attribute.format ?? 'iso8601';
      if (declared === 'iso8601') return undefined;
      if (declared === 'epoch-seconds' || declared === 'epoch-millis') {
        return `${field.name} is an epoch number written as plain text; use {${field.name}:iso} or a padded width`;
      }
      return `${field.name} is written as ${declared}, which does not sort by time; use {${field.name}:iso}`;
    }
    case 'date': {
      const declared = attribute.format ?? 'YYYY-MM-DD';
      return declared === 'YYYY-MM-DD' ? undefined : `${field.name} is written as ${declared}, which does not sort by date; use YYYY-MM-DD`;
    }
    case 'uuid':
      return `${field.name} is a UUID: its text has no useful order`;
    default:
      return undefined;
  }
}
