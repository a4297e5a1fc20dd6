/**
 * The day-window trap in a pane's query (core's findPrefixBoundTrap on the
 * key condition that ran): the count requests that measure it, and the
 * change to the panel's fields that applies a fix.
 */
import { DynamoError, findPrefixBoundTrap, parseFriendly, printFriendly, type Condition, type PrefixBoundTrap } from '@dynotable/core';
import type { ReadBody } from './query-request.js';
import type { QueryState } from './query-state.js';
import { hasMultiAttributeKey, type QueryTarget } from './table-indexes.js';

export type PrefixBoundFix = 'widened' | 'beginsWith';

/** The trap in a Query's friendly key condition on this table or index, if any. */
export function prefixBoundTrapOf(key: string | undefined, target: QueryTarget, sortKeyTemplates?: readonly string[]): PrefixBoundTrap | undefined {
  // The trap's check and fixes speak of one partition and one sort key attribute.
  if (key === undefined || target.sortKey?.type !== 'S' || hasMultiAttributeKey(target)) return undefined;
  let condition: Condition;
  try {
    condition = parseFriendly('key', key);
  } catch (error) {
    if (error instanceof DynamoError) return undefined;
    throw error;
  }
  const keySchema = { partitionKey: target.partitionKey.name, sortKey: target.sortKey.name, partitionKeyType: target.partitionKey.type, sortKeyType: target.sortKey.type };
  return findPrefixBoundTrap(condition, { keySchema, ...(sortKeyTemplates !== undefined ? { sortKeyTemplates } : {}) });
}

/**
 * The query that ran, as a count of the items matching another key
 * condition: the same index, filter and consistency; no projection, Limit or
 * direction, which a count does not need.
 */
export function countBody(ran: ReadBody, key: Condition): ReadBody {
  return {
    key: printFriendly('key', key),
    ...(ran.filter !== undefined ? { filter: ran.filter } : {}),
    ...(ran.IndexName !== undefined ? { IndexName: ran.IndexName } : {}),
    ...(ran.ConsistentRead === true ? { ConsistentRead: true } : {}),
    Select: 'COUNT',
  };
}

/** The panel's fields with a fix applied: the bound followed by U+10FFFF, or begins_with on the day. */
export function fixPatch(state: QueryState, trap: PrefixBoundTrap, fix: PrefixBoundFix): Partial<QueryState> {
  const condition = fix === 'widened' ? trap.widened : trap.beginsWith;
  if (condition === undefined) return {};
  if (state.keyMode === 'text') return { keyText: printFriendly('key', condition) };
  if (fix === 'beginsWith') return { sortOperator: 'begins_with', sortValue: trap.day!, sortValue2: '' };
  return trap.operator === 'BETWEEN' ? { sortValue2: trap.widenedBound } : { sortValue: trap.widenedBound };
}
