/**
 * Whether the access-pattern grammar reads a question, decided in the page
 * (the grammar is plain core code, the same the server runs): the design can
 * then be asked for on the keystroke itself, without waiting for the server's
 * reading, which still gives the note under the line.
 */
import { PatternError, readQuestion } from '@dynotable/core';

const KEEP = 2000;
const known = new Map<string, boolean>();

export function readsHere(question: string): boolean {
  const cached = known.get(question);
  if (cached !== undefined) return cached;
  let reads: boolean;
  try {
    readQuestion(question);
    reads = true;
  } catch (error) {
    if (!(error instanceof PatternError)) throw error;
    reads = false;
  }
  if (known.size > KEEP) known.clear();
  known.set(question, reads);
  return reads;
}
