/** What the designer says about a question it could not read, instead of guessing. */
import type { Model } from '../model/types.js';
import type { PatternError } from './errors.js';

export interface QuestionWarning {
  readonly question: string;
  readonly message: string;
  /** The reading of the words that were placed, or '' when nothing was. */
  readonly understood: string;
  /** Words, or runs of words, as written, that could not be placed. */
  readonly notUnderstood: readonly string[];
  /** For a word not understood, the closest word the grammar or the model knows: "newst" → "newest". */
  readonly suggestions: Readonly<Record<string, string>>;
}

export interface InferredModel {
  /** The model of the questions that were read; the others are left out. */
  readonly model: Model;
  readonly warnings: readonly QuestionWarning[];
}

export function questionWarning(question: string, error: PatternError): QuestionWarning {
  return { question, message: error.message, understood: error.understood, notUnderstood: error.notUnderstood, suggestions: error.suggestions };
}
