/**
 * The attribute names the text editor offers: the table's key attributes
 * first, then those of the item and of the items the user has seen (a
 * bounded sample, so a long result list does not slow typing).
 */
import type { WireItem } from '@dynotable/core';

const SAMPLE = 500;

export function knownNames(keyNames: readonly string[], seen: readonly WireItem[] | undefined, item: WireItem | undefined): string[] {
  const names = new Set(keyNames);
  for (const name of Object.keys(item ?? {})) names.add(name);
  for (const other of (seen ?? []).slice(0, SAMPLE)) for (const name of Object.keys(other)) names.add(name);
  return [...names];
}
