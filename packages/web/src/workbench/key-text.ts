/** The key fields (partition value, sort-key operator and bounds) → a friendly KeyConditionExpression. */
import { friendlyLiteral, type Built } from './literal-text.js';
import { friendlyName } from './path-text.js';
import type { QueryTarget } from './table-indexes.js';
import type { QueryState } from './query-state.js';

interface KeyProblems {
  readonly partition?: string;
  readonly sort?: string;
}

export type KeyBuilt = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problems: KeyProblems };

function sortCondition(state: QueryState, target: QueryTarget): Built | undefined {
  const sortKey = target.sortKey;
  if (sortKey === undefined || state.sortOperator === 'none') return undefined;
  const name = friendlyName(sortKey.name);
  const low = friendlyLiteral(sortKey.type, state.sortValue);
  if (!low.ok) return low;
  switch (state.sortOperator) {
    case 'begins_with':
      return { ok: true, text: `begins_with(${name}, ${low.text})` };
    case 'BETWEEN': {
      const high = friendlyLiteral(sortKey.type, state.sortValue2);
      return high.ok ? { ok: true, text: `${name} BETWEEN ${low.text} AND ${high.text}` } : high;
    }
    default:
      return { ok: true, text: `${name} ${state.sortOperator} ${low.text}` };
  }
}

/** Key attribute values are typed by the index's key schema: S, N or B. */
export function keyConditionText(state: QueryState, target: QueryTarget): KeyBuilt {
  const partition = friendlyLiteral(target.partitionKey.type, state.partitionValue);
  const sort = sortCondition(state, target);
  if (!partition.ok || (sort !== undefined && !sort.ok)) {
    return {
      ok: false,
      problems: {
        ...(!partition.ok ? { partition: partition.message } : {}),
        ...(sort !== undefined && !sort.ok ? { sort: sort.message } : {}),
      },
    };
  }
  const hash = `${friendlyName(target.partitionKey.name)} = ${partition.text}`;
  return { ok: true, text: sort === undefined ? hash : `${hash} AND ${sort.text}` };
}
