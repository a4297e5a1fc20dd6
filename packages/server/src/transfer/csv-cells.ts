/**
 * One CSV cell per attribute, by its DynamoDB type: S as the text itself, N as
 * its exact decimal text, B as base64, BOOL as true/false, NULL as true, and
 * M, L, SS, NS, BS as the JSON of their DynamoDB JSON member (numbers as
 * strings, binary as base64), so nothing is lost.
 */
import { attributeValueFromWire, attributeValueToWire, ATTRIBUTE_TYPES, decodeBase64, encodeBase64 } from '@dynotable/core';
import type { AttributeType, AttributeValue } from '@dynotable/core';

export interface CsvColumn {
  readonly name: string;
  readonly type: AttributeType;
}

const TYPE_SUFFIX = / \((S|N|B|BOOL|NULL|M|L|SS|NS|BS)\)$/s;

/** `price (N)` → price, N; a header without a suffix has no type of its own. */
export function parseHeaderCell(cell: string): { name: string; type: AttributeType | undefined } {
  const match = TYPE_SUFFIX.exec(cell);
  if (match === null) return { name: cell, type: undefined };
  return { name: cell.slice(0, match.index), type: match[1] as AttributeType };
}

export function headerCell(column: CsvColumn): string {
  return `${column.name} (${column.type})`;
}

export function isAttributeType(text: string): text is AttributeType {
  return (ATTRIBUTE_TYPES as readonly string[]).includes(text);
}

/** The text of a value of the column's type. */
export function encodeCell(value: AttributeValue): string {
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return encodeBase64(value.B);
  if ('BOOL' in value) return value.BOOL ? 'true' : 'false';
  if ('NULL' in value) return 'true';
  const wire = attributeValueToWire(value) as Record<string, unknown>;
  const type = Object.keys(wire)[0]!;
  return JSON.stringify(wire[type]);
}

class CellError extends Error {}

/** A cell's text as a value of `type`; throws an Error saying what is wrong. */
export function decodeCell(text: string, type: AttributeType): AttributeValue {
  switch (type) {
    case 'S':
      return { S: text };
    case 'N':
      return { N: text };
    case 'B': {
      const bytes = decodeBase64(text);
      if (bytes === undefined) throw new CellError('is not valid base64');
      return { B: bytes };
    }
    case 'BOOL': {
      const lower = text.toLowerCase();
      if (lower !== 'true' && lower !== 'false') throw new CellError('must be true or false');
      return { BOOL: lower === 'true' };
    }
    case 'NULL': {
      const lower = text.toLowerCase();
      if (lower !== 'true' && lower !== 'null') throw new CellError('must be true (or null) for a NULL attribute');
      return { NULL: true };
    }
    default: {
      let member: unknown;
      try {
        member = JSON.parse(text);
      } catch {
        throw new CellError(`must be JSON: ${type === 'M' ? 'an object of DynamoDB JSON values' : type === 'L' ? 'an array of DynamoDB JSON values' : 'an array of strings'}`);
      }
      return attributeValueFromWire({ [type]: member });
    }
  }
}
