/**
 * What the pane can say about a statement before asking the server for its
 * plan: a statement that does not parse gets the parser's own message, and a
 * `?` whose field is still empty asks for its value. Neither is sent, so
 * typing does not fill the network log with refused requests.
 */
import { countParameters, parseStatement } from '@dynotable/core';

export function planPrecheck(statement: string, parameters: readonly string[]): string | undefined {
  let count: number;
  try {
    count = countParameters(parseStatement(statement));
  } catch (failure) {
    return failure instanceof Error ? failure.message : String(failure);
  }
  const empty = Array.from({ length: count }, (_, i) => parameters[i] ?? '').findIndex((value) => value.trim() === '');
  if (empty >= 0) return `Parameter ${empty + 1} is empty: give its value to see the plan (an empty string is {"S":""}).`;
  return undefined;
}
