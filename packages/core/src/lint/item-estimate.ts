/**
 * A simple, local estimate of an entity's stored item size in bytes: each
 * declared attribute's name plus a typical upper value, plus the key
 * attributes. Enough to tell 1 KB from 10 KB; the pricing calculator is exact.
 */
import { utf8ByteLength } from '../size/item-size.js';
import type { AttributeSpec } from '../model/types.js';
import type { EntityView } from './context.js';
import { digitsForRange, isEpochTimestamp, maxFieldBytes } from './attributes.js';

const UNBOUNDED_TEXT_BYTES = 32;
const COLLECTION_BYTES = 64;

function valueBytes(attribute: AttributeSpec): number {
  switch (attribute.type) {
    case 'string': {
      const longestExample = Math.max(0, ...(attribute.examples ?? []).map(utf8ByteLength));
      return attribute.maxLength ?? Math.max(longestExample, UNBOUNDED_TEXT_BYTES);
    }
    case 'number': {
      if (attribute.format === 'string') return (digitsForRange(attribute) ?? 10) + 1;
      const digits = digitsForRange(attribute) ?? 10;
      return Math.ceil(digits / 2) + 2;
    }
    case 'timestamp':
      return isEpochTimestamp(attribute) ? 8 : 24;
    case 'date':
      return 10;
    case 'uuid':
      return 36;
    case 'enum':
      return Math.max(1, ...(attribute.values ?? []).map(utf8ByteLength));
    case 'boolean':
      return 1;
    case 'binary':
      return attribute.maxLength ?? UNBOUNDED_TEXT_BYTES;
    default:
      return attribute.averageBytes ?? COLLECTION_BYTES;
  }
}

function keyBytes(view: EntityView, text: string, fields: readonly { name: string; format: string | undefined }[]): number {
  let bytes = utf8ByteLength(text.replace(/\{[^{}]*\}/g, ''));
  for (const field of fields) bytes += Math.min(maxFieldBytes(view.attribute(field.name), field.format)?.bytes ?? UNBOUNDED_TEXT_BYTES, 256);
  return bytes;
}

export function estimateItemBytes(view: EntityView): number {
  let total = 0;
  for (const attribute of view.entity.attributes) total += utf8ByteLength(attribute.name) + valueBytes(attribute);
  for (const key of view.keys) {
    const fields = (key.template?.parts ?? []).flatMap((part) => (part.kind === 'field' ? [part] : []));
    total += utf8ByteLength(key.keyAttribute) + keyBytes(view, key.text, fields);
  }
  return total;
}
