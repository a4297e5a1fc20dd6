/** Results that hold bytes or sets (verify's sample items), made plain JSON for the API. */
import { encodeBase64 } from '@dynotable/core';

/** Copies `value` with Uint8Array as base64 text, Set as arrays, and the keys in `drop` left out. */
export function jsonSafe(value: unknown, drop: ReadonlySet<string> = new Set()): unknown {
  if (value instanceof Uint8Array) return encodeBase64(value);
  if (value instanceof Set) return [...value].map((each) => jsonSafe(each, drop));
  if (Array.isArray(value)) return value.map((each) => jsonSafe(each, drop));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, each] of Object.entries(value)) {
      if (!drop.has(key) && each !== undefined) out[key] = jsonSafe(each, drop);
    }
    return out;
  }
  return value;
}
