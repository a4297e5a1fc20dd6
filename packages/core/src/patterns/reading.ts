/** The one-line reading of a meaning, for people: "list Ticket where teamId = ?, ordered by priority ascending". */
import type { PatternMeaning } from '../model/types.js';

function value(text: string): string {
  return /^[\p{L}\p{N}_.:#@-]+$/u.test(text) ? text : JSON.stringify(text);
}

export function renderReading(meaning: Omit<PatternMeaning, 'reading'>): string {
  const conditions = [
    ...meaning.equals.map((attribute) => `${attribute} = ?`),
    ...meaning.where.map((condition) => `${condition.attribute} = ${value(condition.value)}`),
    ...(meaning.between === undefined ? [] : [`${meaning.between} between ? and ?`]),
  ];
  let text = `${meaning.kind} ${meaning.entity}`;
  if (conditions.length > 0) text += ` where ${conditions.join(' and ')}`;
  if (meaning.orderBy !== undefined) text += `, ordered by ${meaning.orderBy} ${meaning.direction}`;
  else if (meaning.kind === 'list' && meaning.direction === 'descending') text += ', descending';
  if (meaning.limit !== undefined) text += `, limit ${meaning.limit}`;
  return text;
}
