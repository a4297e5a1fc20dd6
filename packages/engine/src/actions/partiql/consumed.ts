/** The ConsumedCapacity of a statement that ran several requests: their figures added up. */
type Consumed = Record<string, unknown>;

function add(a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const sum: Consumed = { ...(a as Consumed) };
    for (const [name, value] of Object.entries(b as Consumed)) sum[name] = name in sum ? add(sum[name], value) : value;
    return sum;
  }
  return a;
}

export function addConsumed(total: Consumed | undefined, more: unknown): Consumed | undefined {
  if (more === undefined || more === null) return total;
  return total === undefined ? (more as Consumed) : (add(total, more) as Consumed);
}
