/**
 * designFromQuestions: the designer for questions typed in words, with no
 * model yet. Each question is read; the ones that read make a first model
 * whose keys are designed; the others are answered with a warning (what was
 * understood, the words that were not, "did you mean"), never guessed into
 * an entity.
 */
import { inferModelFromQuestions } from '../patterns/index.js';
import type { QuestionWarning } from '../patterns/index.js';
import { designModel } from './designer.js';
import type { DesignResult } from './designer.js';

export interface QuestionsDesign extends DesignResult {
  readonly warnings: readonly QuestionWarning[];
}

export function designFromQuestions(questions: readonly string[], name?: string): QuestionsDesign {
  const { model, warnings } = inferModelFromQuestions(questions, name);
  return { ...designModel(model), warnings };
}
