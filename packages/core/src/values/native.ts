/**
 * Lossless conversion between items and plain JavaScript values, built on the
 * AWS SDK's marshall/unmarshall. A number becomes a JS number only when that
 * number prints back to the same DynamoDB number; otherwise it stays a
 * NumberValue carrying the exact decimal text. Sets stay Set, binary stays
 * Uint8Array, NULL is null.
 */
import { NumberValueImpl as NumberValue, marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { normalizeNumber } from './number.js';
import { validateItem } from './validate.js';
import type { Item } from './types.js';

/** The SDK's string-carrying number (`.value` is the exact decimal text). */
export { NumberValue };
export type { NativeAttributeValue };

export type NativeItem = Record<string, NativeAttributeValue>;

/**
 * A JS number when it prints back to the same DynamoDB number and lies within
 * the safe-integer range (the SDK refuses to marshall larger JS numbers), else
 * a NumberValue with the canonical text.
 */
export function nativeNumber(text: string): number | NumberValue {
  const canonical = normalizeNumber(text);
  const asNumber = Number(canonical);
  const exact = Math.abs(asNumber) <= Number.MAX_SAFE_INTEGER && normalizeNumber(String(asNumber)) === canonical;
  return exact ? asNumber : NumberValue.from(canonical);
}

/** Item -> plain object, without losing any digit. */
export function toNative(item: Item): NativeItem {
  return unmarshall(item as Parameters<typeof unmarshall>[0], { wrapNumbers: nativeNumber }) as NativeItem;
}

/**
 * Plain object -> validated item with canonical numbers. Throws DynamoError
 * for values DynamoDB refuses (empty sets, out-of-range numbers) and the SDK's
 * Error for values it cannot marshall (unsafe integers given as JS numbers).
 */
export function fromNative(object: NativeItem): Item {
  const marshalled = marshall(uniformNumberSets(object) as Record<string, unknown>, { removeUndefinedValues: false });
  return validateItem(marshalled as Item);
}

/**
 * A set read back by toNative may mix numbers and NumberValues; the SDK
 * marshalls a set by the type of its first member, so make them all NumberValue.
 */
function uniformNumberSets(value: unknown): unknown {
  if (value instanceof Set) {
    const members = [...(value as Set<unknown>)];
    const mixed = members.some((m) => m instanceof NumberValue) && members.some((m) => typeof m === 'number' || typeof m === 'bigint');
    return mixed ? new Set(members.map((m) => (m instanceof NumberValue ? m : NumberValue.from(String(m))))) : value;
  }
  if (Array.isArray(value)) return value.map(uniformNumberSets);
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) copy[key] = uniformNumberSets(member);
    return copy;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
