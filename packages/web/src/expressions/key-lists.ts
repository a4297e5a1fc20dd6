/**
 * The key attributes the builder checks against: the first partition and
 * sort attribute, and on a Query the later ones of a multi-attribute GSI (up
 * to four of each role), as core's checks take them.
 */
import type { KeySchemaNames } from '@dynotable/core';
import { keySchemaNames } from '../workbench/multi-key-condition.js';
import type { ExpressionState, ExtraKey } from './expression-state.js';
import type { KeyAttributeName } from './key-values.js';

interface KeyLists {
  readonly partition: readonly KeyAttributeName[];
  readonly sort: readonly KeyAttributeName[];
}

function given(keys: readonly ExtraKey[]): KeyAttributeName[] {
  return keys.filter((key) => key.name.trim() !== '').map((key) => ({ name: key.name.trim(), type: key.type }));
}

/** Whether the builder reads through an index that may have a multi-attribute key: a GSI's, so only a Query on an index. */
export function readsMultiAttributeKey(state: ExpressionState): boolean {
  return state.operation === 'Query' && state.index.trim() !== '';
}

/** The key attributes given, in key order; the later ones only where a multi-attribute key is read, and only after a first. */
export function keyListsOf(state: ExpressionState): KeyLists {
  const query = readsMultiAttributeKey(state);
  const first = (name: string, type: KeyAttributeName['type'], extras: readonly ExtraKey[]) =>
    name.trim() === '' ? [] : [{ name: name.trim(), type }, ...(query ? given(extras) : [])];
  return { partition: first(state.partitionKey, state.partitionType, state.extraPartitionKeys), sort: first(state.sortKey, state.sortType, state.extraSortKeys) };
}

/** Every key attribute given, partition attributes first. */
export function keyNamesOf(state: ExpressionState): KeyAttributeName[] {
  const lists = keyListsOf(state);
  return [...lists.partition, ...lists.sort];
}

/** Core's key schema of what the builder reads, or undefined while no partition key is named. */
export function keySchemaOf(state: ExpressionState): KeySchemaNames | undefined {
  const lists = keyListsOf(state);
  if (lists.partition.length === 0) return undefined;
  return keySchemaNames({ partitionKeys: lists.partition, sortKeys: lists.sort, indexName: state.index.trim() === '' ? undefined : state.index.trim() });
}
