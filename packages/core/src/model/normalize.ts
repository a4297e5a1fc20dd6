/** Checks a parsed model file and turns it into the normalised Model. */
import { tooDeepPath } from '../input/strict-text.js';
import type { ModelProblem } from './errors.js';
import { ModelError } from './errors.js';
import { expandModel } from './expand.js';
import { keyListProblems } from './key-lists.js';
import { shapeProblems } from './shape.js';
import type { Model } from './types.js';
import { MAX_MODEL_NESTING } from './limits.js';
import { modelProblems } from './validate/index.js';

/** The part of the model a path is in: `entities.Player`, `accessPatterns[2]`, `tables`. */
function region(path: string): string {
  return /^[^.[]+(?:\[\d+\]|\.[^.[]+)?/.exec(path)?.[0] ?? path;
}

function within(path: string, area: string): boolean {
  return path === area || path.startsWith(`${area}.`) || path.startsWith(`${area}[`);
}

/** A misshapen table also hides the rule problems of its entities; a misshapen entity, those of its write paths. */
function dependentRegions(model: Model, regions: string[]): string[] {
  const out = [...regions];
  const misshapen = (area: string): boolean => regions.some((each) => within(area, each));
  for (const entity of model.entities) {
    if (misshapen(`tables.${entity.table}`)) out.push(`entities.${entity.name}`);
  }
  for (const write of model.writePaths) {
    if (out.some((area) => within(`entities.${write.entity}`, area))) out.push(`writePaths.${write.name}`);
  }
  return out;
}

/**
 * Takes the file form as plain data (shorthands allowed; a normalised Model is
 * also accepted) and returns the Model with every default filled. Every problem
 * is reported at once: the shape (unknown keys, wrong types) and the rules about
 * names, keys and references. Where a part of the model is misshapen, only its
 * shape problems are reported, since rule checks there would follow from them.
 */
export function normalizeModel(raw: unknown, source?: string): Model {
  // A model given as an object (the API's) is held to the file's nesting limit before anything walks it.
  const deep = tooDeepPath(raw, MAX_MODEL_NESTING);
  if (deep !== undefined) {
    throw new ModelError([{ path: deep, message: `maps and lists nest more than ${MAX_MODEL_NESTING} levels deep; the limit is ${MAX_MODEL_NESTING}` }], source);
  }
  const shape = shapeProblems(raw);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ModelError(shape, source);
  shape.push(...keyListProblems(raw as Record<string, unknown>));
  const model = expandModel(raw as Record<string, unknown>, source);
  let rules: ModelProblem[];
  try {
    rules = modelProblems(model);
  } catch (error) {
    // The expansion is lenient with misshapen input; if a rule still trips on it, the shape problems say why.
    if (shape.length === 0) throw error;
    rules = [];
  }
  const misshapen = dependentRegions(model, shape.map((problem) => region(problem.path)));
  const problems = [...shape, ...rules.filter((problem) => !misshapen.some((area) => within(problem.path, area)))];
  if (problems.length > 0) throw new ModelError(problems, source);
  return model;
}
