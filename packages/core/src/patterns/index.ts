/**
 * The access-pattern grammar: questions in words ("list tickets by team, by
 * priority") to PatternMeaning, and a first Model inferred from questions alone.
 * The grammar is documented in docs/access-patterns.md.
 */
export { readQuestion, readAccessPattern } from './read-question.js';
export { PatternError } from './errors.js';
export { singularize, pluralize, camelCase } from './words.js';
export { modelFromQuestions, inferModelFromQuestions } from './model-from-questions.js';
export type { InferredModel, QuestionWarning } from './warnings.js';
