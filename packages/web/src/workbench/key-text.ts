/**
 * The key fields (partition values, sort-key operator and bounds) → a
 * friendly KeyConditionExpression. On a multi-attribute GSI every partition
 * attribute is matched with =, and the sort attributes given (a prefix of
 * them, left to right) with = but the last, which takes the operator.
 */
import { friendlyLiteral, type Built } from './literal-text.js';
import { friendlyName } from './path-text.js';
import { hasMultiAttributeKey, type KeyAttribute, type QueryTarget } from './table-indexes.js';
import type { QueryState } from './query-state.js';

interface KeyProblems {
  readonly partition?: string;
  /** Which partition attribute (0 for the first) the problem is about. */
  readonly partitionAt?: number;
  readonly sort?: string;
  /** Which sort attribute (0 for the first) the problem is about. */
  readonly sortAt?: number;
}

export type KeyBuilt = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problems: KeyProblems };

/** The typed values of the partition attributes, in key schema order. */
export function partitionValuesOf(state: QueryState, target: QueryTarget): string[] {
  return target.partitionKeys.map((_, position) => (position === 0 ? state.partitionValue : (state.extraPartitionValues[position - 1] ?? '')));
}

/** The typed values of the sort attributes, in key schema order. */
export function sortValuesOf(state: QueryState, target: QueryTarget): string[] {
  return target.sortKeys.map((_, position) => (position === 0 ? state.sortValue : (state.extraSortValues[position - 1] ?? '')));
}

/** The message for a partition attribute left empty. */
export function missingPartitionMessage(target: QueryTarget, key: KeyAttribute): string {
  return hasMultiAttributeKey(target) ? `Give ${key.name}: every partition key attribute needs a value` : `Enter the value of ${key.name}`;
}

function rangeCondition(state: QueryState, key: KeyAttribute, value: string): Built {
  const name = friendlyName(key.name);
  const low = friendlyLiteral(key.type, value);
  if (!low.ok) return low;
  switch (state.sortOperator) {
    case 'begins_with':
      return { ok: true, text: `begins_with(${name}, ${low.text})` };
    case 'BETWEEN': {
      const high = friendlyLiteral(key.type, state.sortValue2);
      return high.ok ? { ok: true, text: `${name} BETWEEN ${low.text} AND ${high.text}` } : high;
    }
    default:
      return { ok: true, text: `${name} ${state.sortOperator} ${low.text}` };
  }
}

type SortBuilt = { readonly ok: true; readonly parts: readonly string[] } | { readonly ok: false; readonly message: string; readonly at: number };

/** The sort attributes' conditions: the values given must be a prefix of the attributes, the last one takes the operator. */
function sortConditions(state: QueryState, target: QueryTarget): SortBuilt {
  if (target.sortKeys.length === 0 || state.sortOperator === 'none') return { ok: true, parts: [] };
  const values = sortValuesOf(state, target);
  // On a one-attribute sort key the single field is always the one the operator applies to.
  const last = target.sortKeys.length === 1 ? 0 : values.reduce((found, value, position) => (value !== '' ? position : found), -1);
  if (last === -1) return { ok: false, at: 0, message: `Give ${target.sortKeys[0]!.name}: the sort key condition needs a value` };
  const gap = values.slice(0, last).findIndex((value) => value === '');
  if (gap !== -1) {
    const name = target.sortKeys[gap]!.name;
    return { ok: false, at: gap, message: `Give ${name}: sort key attributes are matched left to right, so ${target.sortKeys[last]!.name} needs ${name} too` };
  }
  const parts: string[] = [];
  for (let position = 0; position <= last; position++) {
    const key = target.sortKeys[position]!;
    const built = position < last ? equality(key, values[position]!) : rangeCondition(state, key, values[position]!);
    if (!built.ok) return { ok: false, at: position, message: built.message };
    parts.push(built.text);
  }
  return { ok: true, parts };
}

function equality(key: KeyAttribute, value: string): Built {
  const literal = friendlyLiteral(key.type, value);
  return literal.ok ? { ok: true, text: `${friendlyName(key.name)} = ${literal.text}` } : literal;
}

/** Key attribute values are typed by the index's key schema: S, N or B. */
export function keyConditionText(state: QueryState, target: QueryTarget): KeyBuilt {
  const values = partitionValuesOf(state, target);
  const partitions: string[] = [];
  let partitionProblem: { message: string; at: number } | undefined;
  for (const [position, key] of target.partitionKeys.entries()) {
    const value = values[position]!;
    // Only a multi-attribute key checks emptiness here; a single one is checked (and worded) by the caller.
    const built = value === '' && hasMultiAttributeKey(target) ? { ok: false as const, message: missingPartitionMessage(target, key) } : equality(key, value);
    if (built.ok) partitions.push(built.text);
    else {
      partitionProblem = { message: built.message, at: position };
      break;
    }
  }
  const sort = sortConditions(state, target);
  if (partitionProblem !== undefined || !sort.ok) {
    return {
      ok: false,
      problems: {
        ...(partitionProblem !== undefined ? { partition: partitionProblem.message, partitionAt: partitionProblem.at } : {}),
        ...(!sort.ok ? { sort: sort.message, sortAt: sort.at } : {}),
      },
    };
  }
  return { ok: true, text: [...partitions, ...sort.parts].join(' AND ') };
}
