/** AttributesToGet: a list of top-level attribute names, as a projection core applies. */
import { validationError, type ProjectionNode } from '@dynotable/core';
import type { ConstraintViolations } from '../validation/constraints.js';
import { attributePath } from './comparison.js';

/** The names as a projection, or undefined when absent or empty (DynamoDB Local returns whole items then). */
export function attributesToGetProjection(names: unknown): ProjectionNode | undefined {
  if (!Array.isArray(names) || names.length === 0) return undefined;
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(String(name))) throw validationError('Cannot have two attributes with the same name');
    seen.add(String(name));
  }
  return { kind: 'projection', paths: [...seen].map(attributePath) };
}

/** A framework constraint: AttributesToGet, when given, names at least one attribute. */
export function checkAttributesToGet(violations: ConstraintViolations, names: unknown, path = 'attributesToGet'): void {
  if (Array.isArray(names) && names.length === 0) violations.add(names, path, 'Member must have length greater than or equal to 1');
}
