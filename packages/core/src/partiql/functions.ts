/** The functions DynamoDB's PartiQL knows: how many arguments each takes, and where each may stand. */
import type { PqlFunctionName } from './ast.js';

export const FUNCTION_ARITY: Readonly<Record<PqlFunctionName, number>> = {
  begins_with: 2,
  contains: 2,
  attribute_type: 2,
  attribute_exists: 1,
  attribute_not_exists: 1,
  size: 1,
  list_append: 2,
  set_add: 2,
  set_delete: 2,
  if_not_exists: 2,
};

const CONDITIONS: ReadonlySet<PqlFunctionName> = new Set(['begins_with', 'contains', 'attribute_type', 'attribute_exists', 'attribute_not_exists']);
const UPDATES: ReadonlySet<PqlFunctionName> = new Set(['list_append', 'set_add', 'set_delete', 'if_not_exists']);

/** A function that is a condition by itself (`begins_with(a, 'x')`). */
export function isConditionFunction(name: PqlFunctionName): boolean {
  return CONDITIONS.has(name);
}

/** A function an UPDATE's SET may call. */
export function isUpdateFunction(name: PqlFunctionName): boolean {
  return UPDATES.has(name);
}
