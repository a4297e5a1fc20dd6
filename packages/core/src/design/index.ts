/**
 * The planner and the designer: from a model's entities and access patterns to
 * keys, and from keys to the one GetItem or Query that answers each pattern.
 */
export { planAccessPattern, planMeaning, analyzeMeaning } from './plan.js';
export type { PlanAnalysis } from './plan.js';
export { entityKeyValues } from './key-values.js';
export { readForPlan, requestForPlan, type PlanRead } from './request.js';
export { designModel } from './designer.js';
export { designFromQuestions } from './from-questions.js';
export type { QuestionsDesign } from './from-questions.js';
export type { DesignOptions, DesignProblem, DesignResult } from './designer.js';
export { renderDesign, describePlanLine } from './render.js';
