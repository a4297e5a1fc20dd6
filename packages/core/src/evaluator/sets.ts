/** ADD (union) and DELETE (difference) on the three set types. */
import type { AttributeValue } from '../values/types.js';
import { bytesKey, filterMembers, numberKey, stringKey } from './set-keys.js';
import { incorrectOperandType } from './messages.js';

/** Existing members keep their order; new members follow. Types must match. */
export function unionSets(existing: AttributeValue, added: AttributeValue): AttributeValue {
  if ('SS' in existing && 'SS' in added) return { SS: union(existing.SS, added.SS, stringKey) };
  if ('NS' in existing && 'NS' in added) return { NS: union(existing.NS, added.NS, numberKey) };
  if ('BS' in existing && 'BS' in added) return { BS: union(existing.BS, added.BS, bytesKey) };
  throw incorrectOperandType();
}

/** The members of `existing` not in `removed`, or undefined when none remain (the attribute goes). */
export function subtractSets(existing: AttributeValue, removed: AttributeValue): AttributeValue | undefined {
  if ('SS' in existing && 'SS' in removed) return nonEmpty('SS', filterMembers(existing.SS, removed.SS, stringKey, false));
  if ('NS' in existing && 'NS' in removed) return nonEmpty('NS', filterMembers(existing.NS, removed.NS, numberKey, false));
  if ('BS' in existing && 'BS' in removed) return nonEmpty('BS', filterMembers(existing.BS, removed.BS, bytesKey, false));
  throw incorrectOperandType();
}

export function isSet(value: AttributeValue): boolean {
  return 'SS' in value || 'NS' in value || 'BS' in value;
}

/** Existing members first, then the new ones (each once). */
function union<T>(a: readonly T[], b: readonly T[], key: (member: T) => string): T[] {
  const seen = new Set(a.map(key));
  const result = [...a];
  for (const member of b) {
    const k = key(member);
    if (!seen.has(k)) {
      seen.add(k);
      result.push(member);
    }
  }
  return result;
}

function nonEmpty(type: 'SS', members: string[]): AttributeValue | undefined;
function nonEmpty(type: 'NS', members: string[]): AttributeValue | undefined;
function nonEmpty(type: 'BS', members: Uint8Array[]): AttributeValue | undefined;
function nonEmpty(type: 'SS' | 'NS' | 'BS', members: string[] | Uint8Array[]): AttributeValue | undefined {
  if (members.length === 0) return undefined;
  return { [type]: members } as AttributeValue;
}
