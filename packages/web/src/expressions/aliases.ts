/**
 * The names the printed request had to alias through ExpressionAttributeNames,
 * and why: a reserved word, a word of the grammar, or not a plain name.
 */
import { isBareIdentifier, isReservedWord } from '@dynotable/core';

export type AliasReason = 'reserved' | 'keyword' | 'characters';

export interface AliasUse {
  readonly alias: string;
  readonly name: string;
  readonly reason: AliasReason;
}

export const ALIAS_REASONS: Readonly<Record<AliasReason, string>> = {
  reserved: 'a DynamoDB reserved word',
  keyword: 'a word of the expression grammar',
  characters: 'not a plain name (a bare name is a letter, then letters, digits and _)',
};

function reasonFor(name: string): AliasReason {
  if (isReservedWord(name)) return 'reserved';
  if (!isBareIdentifier(name)) return 'characters';
  return 'keyword';
}

export function aliasesOf(names: Readonly<Record<string, string>> | undefined): AliasUse[] {
  return Object.entries(names ?? {}).map(([alias, name]) => ({ alias, name, reason: reasonFor(name) }));
}
