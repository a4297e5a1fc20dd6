/**
 * The day-window trap in the builder's key condition. There is no live table
 * to count what the bound leaves out, so the page explains the trap and
 * offers the fixed key conditions as text, the U+10FFFF written as the
 * escape `\uDBFF\uDFFF` (the character itself shows as nothing).
 */
import { DynamoError, findPrefixBoundTrap, HIGHEST_CHARACTER, parseFriendly, printFriendly, type Condition, type PrefixBoundTrap } from '@dynotable/core';
import type { ExpressionState } from './expression-state.js';
import { keyListsOf } from './key-lists.js';

export interface BoundTrapNote {
  readonly trap: PrefixBoundTrap;
  /** The key condition with the bound followed by U+10FFFF. */
  readonly widened: string;
  /** The key condition with begins_with on the day, for a whole-day window. */
  readonly beginsWith?: string;
}

/** Friendly text of a key condition, U+10FFFF (only ever inside a string literal here) as its JSON escape. */
function keyText(condition: Condition): string {
  return printFriendly('key', condition).replaceAll(HIGHEST_CHARACTER, '\\uDBFF\\uDFFF');
}

/** The note for a Query whose key condition has the trap; undefined otherwise (or while the key condition is wrong). */
export function boundTrapNote(state: ExpressionState): BoundTrapNote | undefined {
  if (state.operation !== 'Query' || state.key.trim() === '') return undefined;
  // The trap's check and fixes speak of one partition and one sort key attribute, as in the query panel.
  const lists = keyListsOf(state);
  if (lists.partition.length > 1 || lists.sort.length > 1) return undefined;
  const partitionKey = state.partitionKey.trim();
  const sortKey = state.sortKey.trim();
  if (sortKey !== '' && state.sortType !== 'S') return undefined;
  const keySchema = partitionKey !== '' && sortKey !== '' ? { partitionKey, sortKey, partitionKeyType: state.partitionType, sortKeyType: state.sortType } : undefined;
  let trap: PrefixBoundTrap | undefined;
  try {
    trap = findPrefixBoundTrap(parseFriendly('key', state.key), keySchema !== undefined ? { keySchema } : {});
  } catch (error) {
    if (error instanceof DynamoError) return undefined;
    throw error;
  }
  if (trap === undefined) return undefined;
  return { trap, widened: keyText(trap.widened), ...(trap.beginsWith !== undefined ? { beginsWith: keyText(trap.beginsWith) } : {}) };
}
