/**
 * A stored-size estimate for one entity's item, from its declared attributes
 * and key templates: enough to tell whether a declared rate can exceed one
 * partition's throughput.
 */
import { compileKeyTemplate } from '../keys/template.js';
import type { AttributeSpec, EntitySpec } from '../model/types.js';
import { numberSize, utf8ByteLength } from '../size/item-size.js';

function valueBytes(attribute: AttributeSpec | undefined): number {
  if (attribute === undefined) return 16;
  const example = attribute.examples?.[0];
  switch (attribute.type) {
    case 'string': {
      if (attribute.minLength !== undefined && attribute.maxLength !== undefined) return Math.ceil((attribute.minLength + attribute.maxLength) / 2);
      if (attribute.maxLength !== undefined) return Math.ceil(attribute.maxLength / 2);
      return example !== undefined ? utf8ByteLength(example) : 16;
    }
    case 'uuid':
      return 36;
    case 'enum':
      return Math.max(1, ...(attribute.values ?? []).map(utf8ByteLength));
    case 'number':
      return attribute.format === 'string' ? String(Math.trunc(attribute.max ?? 99999)).length : numberSize(String(Math.trunc(attribute.max ?? 99999)));
    case 'timestamp':
      return attribute.format === 'epoch-seconds' || attribute.format === 'epoch-millis' ? numberSize('1782000000000') : 20;
    case 'date':
      return 10;
    case 'boolean':
      return 1;
    case 'binary':
      return attribute.maxLength ?? 32;
    default:
      return attribute.averageBytes ?? 64;
  }
}

function fieldBytes(entity: EntitySpec, name: string, format: string | undefined): number {
  if (format === undefined) return valueBytes(entity.attributes.find((a) => a.name === name));
  const width = /^0(\d+)$/.exec(format)?.[1];
  if (width !== undefined) return Number(width) + 1;
  const decimal = /^d(\d+)\.(\d+)$/.exec(format);
  if (decimal) return Number(decimal[1]) + Number(decimal[2]) + 2;
  return { iso: 20, 'iso-ms': 24, 'iso-us': 27 }[format] ?? 24;
}

function estimateKeyBytes(entity: EntitySpec, template: string): number {
  return compileKeyTemplate(template).parts.reduce(
    (sum, part) => sum + (part.kind === 'literal' ? utf8ByteLength(part.text) : fieldBytes(entity, part.name, part.format)),
    0,
  );
}

export function estimateItemBytes(entity: EntitySpec): number {
  let total = 0;
  for (const attribute of entity.attributes) total += utf8ByteLength(attribute.name) + valueBytes(attribute);
  for (const [name, template] of Object.entries(entity.keys)) total += utf8ByteLength(name) + estimateKeyBytes(entity, template);
  return total;
}
