/**
 * The model as the model tools receive it: YAML or JSON text (what the editor
 * holds), or an object (a model the UI already has). Problems come back as a
 * 400 InvalidModel listing each one with its path.
 */
import { z } from 'zod';
import { ModelError, PatternError, normalizeModel, parseModel } from '@dynotable/core';
import type { Model, ModelProblem } from '@dynotable/core';
import { ApiError } from '../route.js';

export const modelField = z.union([z.string(), z.record(z.string(), z.unknown())], {
  message: 'give the model as YAML or JSON text, or as an object',
});

/** A file name for messages; with a .json extension the text is held to strict JSON. */
export const sourceField = z.string().max(255).optional();

/** 400 `{ __type: 'InvalidModel', message, problems }`: every problem at once, each with its dotted path. */
export class InvalidModelError extends ApiError {
  constructor(
    message: string,
    readonly problems: readonly ModelProblem[],
  ) {
    super(400, 'InvalidModel', message, { problems });
  }
}

/** 400 PatternError: a question the grammar could not read, with what it did read. */
export class QuestionError extends ApiError {
  constructor(
    message: string,
    readonly understood: string,
    readonly notUnderstood: readonly string[],
  ) {
    super(400, 'PatternError', message, { understood, notUnderstood });
  }
}

function questionError(error: PatternError): QuestionError {
  return new QuestionError(error.message, error.understood, error.notUnderstood);
}

/** Maps the model's own errors to the API's; anything else passes through. */
export function modelToolError(error: unknown): unknown {
  if (error instanceof ModelError) return new InvalidModelError(error.message, error.problems);
  if (error instanceof PatternError) return questionError(error);
  return error;
}

export function readModel(model: string | Record<string, unknown>, source?: string): Model {
  try {
    return typeof model === 'string' ? parseModel(model, source) : normalizeModel(model, source);
  } catch (error) {
    throw modelToolError(error);
  }
}
