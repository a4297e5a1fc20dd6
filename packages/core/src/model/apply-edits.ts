/**
 * Model edits applied to a Model object. Kept apart from the edits themselves:
 * normalising compiles the model's JSON Schema, which a page whose
 * Content-Security-Policy refuses generated code cannot do (the web applies
 * edits to the file's text instead, with applyModelEditsToText).
 */
import { applyEditsToValue } from './edits.js';
import type { ModelEdit } from './edits.js';
import { normalizeModel } from './normalize.js';
import type { Model } from './types.js';

/** The model with the edits applied, normalised again (throws ModelError when the result is not a valid model). */
export function applyModelEdits(model: Model, edits: readonly ModelEdit[], source?: string): Model {
  return normalizeModel(applyEditsToValue(model, edits), source);
}
