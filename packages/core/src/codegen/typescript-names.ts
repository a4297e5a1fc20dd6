/**
 * How model names become TypeScript: identifiers, property keys, string
 * literals, and the TypeScript type of each declared attribute.
 */
import type { AttributeSpec, EntitySpec } from '../model/types.js';
import { tsString } from '../request-code/escape.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function tsLiteral(text: string): string {
  return tsString(text);
}

/** `name: ` as an object-literal or interface key, quoted when it must be. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : tsLiteral(name);
}

/** `item.name` or `item["na me"]`. */
export function propertyAccess(target: string, name: string): string {
  return IDENTIFIER.test(name) ? `${target}.${name}` : `${target}[${tsLiteral(name)}]`;
}

/** An identifier made of the words of a name: `ticket-desk` → `ticketDesk`, upper-first when asked. */
export function identifier(name: string, upperFirst = false): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  let text = words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  if (text === '') text = 'item';
  if (/^\d/.test(text)) text = `_${text}`;
  return upperFirst ? text.charAt(0).toUpperCase() + text.slice(1) : text.charAt(0).toLowerCase() + text.slice(1);
}

/** The interface name of an entity: `Player`. */
export function entityTypeName(entity: EntitySpec): string {
  return identifier(entity.name, true);
}

/** `leaderboard` → `leaderboard`, `Ticket Desk` → `ticket-desk`: for file names. */
export function fileSlug(name: string): string {
  const slug = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'model' : slug;
}

/** Epoch timestamps are numbers (a TTL attribute must be one); every other timestamp is text. */
function isEpochTimestamp(attribute: AttributeSpec): boolean {
  return attribute.type === 'timestamp' && (attribute.format === 'epoch-seconds' || attribute.format === 'epoch-millis');
}

/**
 * Whether a number attribute is read as a JavaScript number: only a declared
 * integer whose declared range lies within ±(2^53 − 1), or an epoch
 * timestamp. Every other number keeps its exact decimal text.
 */
function isSafeIntegerAttribute(attribute: AttributeSpec): boolean {
  if (isEpochTimestamp(attribute)) return true;
  if (attribute.type !== 'number' || attribute.format === 'string') return false;
  return (
    attribute.integer === true &&
    attribute.min !== undefined &&
    attribute.max !== undefined &&
    Number.isSafeInteger(Math.ceil(attribute.min)) &&
    Number.isSafeInteger(Math.floor(attribute.max))
  );
}

/** How a value travels between the entity object and DynamoDB. */
export type ValueConversion = 'none' | 'safeInteger' | 'numberText' | 'numberSet';

export function valueConversion(attribute: AttributeSpec): ValueConversion {
  if (isSafeIntegerAttribute(attribute)) return 'safeInteger';
  if (attribute.type === 'number') return attribute.format === 'string' ? 'none' : 'numberText';
  if (attribute.type === 'numberSet') return 'numberSet';
  return 'none';
}

export function attributeTsType(attribute: AttributeSpec): string {
  switch (attribute.type) {
    case 'number':
      return isSafeIntegerAttribute(attribute) ? 'number' : 'string';
    case 'timestamp':
      return isEpochTimestamp(attribute) ? 'number' : 'string';
    case 'binary':
      return 'Uint8Array';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return attribute.values && attribute.values.length > 0 ? attribute.values.map(tsLiteral).join(' | ') : 'string';
    case 'list':
      return 'unknown[]';
    case 'map':
      return 'Record<string, unknown>';
    case 'stringSet':
      return 'Set<string>';
    case 'numberSet':
      return 'Set<string>';
    case 'binarySet':
      return 'Set<Uint8Array>';
    default:
      return 'string';
  }
}
