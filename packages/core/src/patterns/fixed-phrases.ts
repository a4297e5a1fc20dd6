/**
 * Fixed phrases after a preposition: a window back from now ("in the last 24
 * hours", "over the past week"), which is a range on the entity's time
 * attribute; an order by time ("in date order", "in reverse chronological
 * order", "in the order they were sent"); and by name ("in alphabetical order").
 */
import type { Cursor } from './cursor.js';
import type { Direction } from './draft.js';
import { TIME_ORDER_WORDS, TIME_UNITS, isParticiple } from './lexicon.js';

type FixedPhrase = { readonly kind: 'window' } | { readonly kind: 'order'; readonly direction: Direction } | { readonly kind: 'alphabetical' };

/** Reads the phrase at the cursor (after its preposition) and consumes it, or consumes nothing. */
export function readFixedPhrase(cursor: Cursor): FixedPhrase | undefined {
  const at = cursor.afterFillers();
  const consume = (count: number) => {
    for (let index = 0; index < count; index += 1) cursor.next();
  };
  // the last 24 hours, the past week, the previous 3 months
  if (cursor.is(at, 'last', 'past', 'previous')) {
    const counted = cursor.numberAt(at + 1) !== undefined ? 1 : 0;
    if (cursor.peek(at + 1 + counted)?.kind === 'word' && TIME_UNITS.has(cursor.peek(at + 1 + counted)!.lower)) {
      consume(at + 2 + counted);
      return { kind: 'window' };
    }
  }
  // date order, time order, chronological order, reverse chronological order
  const reverse = cursor.is(at, 'reverse') ? 1 : 0;
  const word = cursor.peek(at + reverse);
  if (word?.kind === 'word' && TIME_ORDER_WORDS.has(word.lower) && cursor.is(at + reverse + 1, 'order')) {
    consume(at + reverse + 2);
    return { kind: 'order', direction: reverse === 1 ? 'descending' : 'ascending' };
  }
  // alphabetical order
  if (cursor.is(at, 'alphabetical') && cursor.is(at + 1, 'order')) {
    consume(at + 2);
    return { kind: 'alphabetical' };
  }
  // the order they were sent / it was created
  if (cursor.is(at, 'order') && cursor.is(at + 1, 'they', 'it') && cursor.is(at + 2, 'were', 'was', 'are', 'is')) {
    const verb = cursor.peek(at + 3);
    if (verb?.kind === 'word' && isParticiple(verb.lower)) {
      consume(at + 4);
      return { kind: 'order', direction: 'ascending' };
    }
  }
  return undefined;
}
