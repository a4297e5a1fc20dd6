/**
 * Client-side column sort in DynamoDB's order: numbers by value, strings by
 * UTF-8 bytes, binary by unsigned bytes (core's compareScalars). Values of
 * other types follow the scalars, grouped by type; items without the attribute
 * come last in both directions. Ties keep the loaded order.
 */
import { compareScalars, decodeBase64, ExactDecimal, type AttributeValue, type ExactDecimal as Decimal, type WireAttributeValue, type WireItem } from '@dynotable/core';
import { cellText, wireTypeOf } from './cell-format.js';

export interface SortSpec {
  readonly column: string;
  readonly descending: boolean;
}

const TYPE_RANK: Record<string, number> = { N: 0, S: 1, B: 2, BOOL: 3, NULL: 4, SS: 5, NS: 6, BS: 7, L: 8, M: 9 };

interface SortKey {
  readonly rank: number;
  /** Numbers are parsed once, not at every comparison (100,000 rows sort in well under a second). */
  readonly number?: Decimal;
  readonly scalar?: AttributeValue;
  readonly text?: string;
}

/** The exact value of a number as DynamoDB returned it; undefined for text that is not one (never from DynamoDB). */
function exactNumber(text: string): Decimal | undefined {
  try {
    return new ExactDecimal(text);
  } catch {
    return undefined;
  }
}

function sortKeyOf(value: WireAttributeValue | undefined): SortKey | undefined {
  if (value === undefined) return undefined;
  const type = wireTypeOf(value);
  const rank = TYPE_RANK[type] ?? 10;
  if ('S' in value) return { rank, scalar: { S: value.S } };
  if ('N' in value) {
    const number = exactNumber(value.N);
    return number === undefined ? { rank, scalar: { N: value.N } } : { rank, number };
  }
  if ('B' in value) return { rank, scalar: { B: decodeBase64(value.B) ?? new Uint8Array() } };
  return { rank, text: cellText(value) };
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.number !== undefined && b.number !== undefined) return a.number.comparedTo(b.number);
  if (a.scalar !== undefined && b.scalar !== undefined) return compareScalars(a.scalar, b.scalar) ?? 0;
  const x = a.text ?? '';
  const y = b.text ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The row order for `sort`: indexes into `items`. */
export function sortedOrder(items: readonly WireItem[], sort: SortSpec | undefined): number[] {
  const order = items.map((_, index) => index);
  if (sort === undefined) return order;
  // Each value is prepared once (binary decoded), not at every comparison.
  const keys = items.map((item) => sortKeyOf(item[sort.column]));
  const sign = sort.descending ? -1 : 1;
  order.sort((i, j) => {
    const a = keys[i];
    const b = keys[j];
    if (a === undefined || b === undefined) return a === b ? i - j : a === undefined ? 1 : -1;
    return sign * compareKeys(a, b) || i - j;
  });
  return order;
}
