/**
 * How the designer writes a value into a string key so that byte order is the
 * value's order: fixed-width integers, fixed-point decimals, ISO-8601 UTC
 * timestamps. DynamoDB compares strings as UTF-8 bytes, so `RATING#9` would
 * sort after `RATING#1000`.
 */
import type { AttributeSpec } from '../model/types.js';

export interface FieldEncoding {
  /** The template field: `{rating:05}`. */
  readonly field: string;
  /** Why, when the encoding is a choice worth recording. */
  readonly why?: string;
  /** Set when no encoding can make the stored text sort. */
  readonly unsortable?: string;
}

function digits(value: number): number {
  return String(Math.trunc(Math.abs(value))).length;
}

export function encodeField(attribute: AttributeSpec | undefined, name: string): FieldEncoding {
  if (attribute === undefined) return { field: `{${name}}` };
  switch (attribute.type) {
    case 'number': {
      const bound = Math.max(Math.abs(attribute.min ?? 0), Math.abs(attribute.max ?? 0));
      const declared = attribute.max !== undefined || attribute.min !== undefined;
      const width = declared ? Math.max(digits(bound), 1) : 10;
      const range = declared ? `its declared range ${attribute.min ?? '…'} to ${attribute.max ?? '…'} needs ${width} digits` : `no range is declared, so ${width} digits are assumed`;
      if (attribute.integer === false) {
        return {
          field: `{${name}:d${width}.4}`,
          why: `${name} is written as a fixed-point decimal (${width} integer digits, 4 after the point) so text order is numeric order; ${range}.`,
        };
      }
      return {
        field: `{${name}:0${width}}`,
        why: `${name} is zero-padded to ${width} digits (negatives complemented) so text order is numeric order and 9 sorts before 10; ${range}.`,
      };
    }
    case 'timestamp': {
      const format = attribute.format ?? 'iso8601';
      if (format === 'iso8601') return { field: `{${name}:iso}`, why: `${name} is written as ISO-8601 UTC at a fixed precision, whose text order is time order.` };
      if (format === 'epoch-seconds' || format === 'epoch-millis') {
        const width = format === 'epoch-seconds' ? 10 : 13;
        return { field: `{${name}:0${width}}`, why: `${name} is an epoch number (${format}), zero-padded to ${width} digits so text order is time order.` };
      }
      return { field: `{${name}}`, unsortable: `${name} is written as ${format}, which does not sort by time; store it as ISO-8601` };
    }
    case 'date': {
      const format = attribute.format ?? 'YYYY-MM-DD';
      if (format === 'YYYY-MM-DD') return { field: `{${name}}` };
      return { field: `{${name}}`, unsortable: `${name} is written as ${format}, which does not sort by date; store it as YYYY-MM-DD` };
    }
    case 'uuid':
      return { field: `{${name}}`, unsortable: `${name} is a UUID, whose text has no useful order` };
    default:
      return { field: `{${name}}` };
  }
}
