/** The attribute a list is ordered or bounded by, as the designer reads it. */
import type { EntitySpec } from '../model/types.js';
import type { Reading } from './draft.js';

const TIME_WORDS = /\b(newest|oldest|latest|earliest|recent|most recent|chronological)\b/i;

/**
 * The range attribute, else the order attribute, else, when the words speak of
 * time ("newest first") without naming an attribute, the entity's first
 * timestamp (an immutable one preferred).
 */
export function orderAttribute(reading: Reading, entity: EntitySpec): string | undefined {
  const { meaning, pattern } = reading;
  if (meaning.between !== undefined) return meaning.between;
  if (meaning.orderBy !== undefined) return meaning.orderBy;
  if (!TIME_WORDS.test(`${pattern.question} ${pattern.order ?? ''}`)) return undefined;
  const times = entity.attributes.filter((a) => a.type === 'timestamp' || a.type === 'date');
  return (times.find((a) => !a.mutable) ?? times[0])?.name;
}
