/** The rules a well-shaped model must also follow; every problem is collected. */
import type { ModelProblem } from '../errors.js';
import { ProblemList } from '../errors.js';
import type { Model } from '../types.js';
import { checkEntities } from './entities.js';
import { checkAccessPatterns, checkWritePaths } from './patterns.js';
import { checkTables } from './tables.js';

export function modelProblems(model: Model): ModelProblem[] {
  const problems = new ProblemList();
  checkTables(problems, model.tables);
  checkEntities(problems, model);
  checkAccessPatterns(problems, model);
  checkWritePaths(problems, model);
  return problems.problems;
}
