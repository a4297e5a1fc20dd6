/**
 * DynamoDB's framework validation: every broken constraint of a request is
 * collected, then reported together as
 * `2 validation errors detected: Value 'ab' at 'tableName' failed to satisfy
 * constraint: Member must have length greater than or equal to 3; Value …`.
 */
import { resourceNameViolations, validationError } from '@dynotable/core';
import { javaText } from './dump.js';

export class ConstraintViolations {
  private readonly messages: string[] = [];

  /** Records that `value` at `path` breaks `constraint` (e.g. "Member must not be null"). */
  add(value: unknown, path: string, constraint: string): void {
    this.messages.push(`Value ${renderValue(value)} at '${path}' failed to satisfy constraint: ${constraint}`);
  }

  /** Records a broken constraint with the value already printed (a structure dump), quoted as DynamoDB quotes it. */
  addPrinted(printed: string, path: string, constraint: string): void {
    this.messages.push(`Value '${printed}' at '${path}' failed to satisfy constraint: ${constraint}`);
  }

  /** Records a broken constraint where DynamoDB names no value ("Value at 'Limit' failed to satisfy …"). */
  addUnvalued(path: string, constraint: string): void {
    this.messages.push(`Value at '${path}' failed to satisfy constraint: ${constraint}`);
  }

  get count(): number {
    return this.messages.length;
  }

  /** Throws the ValidationException when any constraint was broken. */
  throwIfAny(): void {
    const count = this.messages.length;
    if (count === 0) return;
    const noun = count === 1 ? 'error' : 'errors';
    throw validationError(`${count} validation ${noun} detected: ${this.messages.join('; ')}`);
  }
}

/** How DynamoDB quotes a value in these messages: null bare, everything else in single quotes. */
function renderValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return `'${value}'`;
  return `'${javaText(value)}'`;
}

/** Table and index names: 3–255 characters of [a-zA-Z0-9_.-]. */
export function checkResourceName(violations: ConstraintViolations, value: unknown, path: string): void {
  if (value === undefined || value === null) {
    violations.add(null, path, 'Member must not be null');
    return;
  }
  if (typeof value !== 'string') return;
  for (const constraint of resourceNameViolations(value)) violations.add(value, path, constraint);
}

/** Records a null member; returns whether the value is present. */
export function checkRequired(violations: ConstraintViolations, value: unknown, path: string): boolean {
  if (value === undefined || value === null) {
    violations.add(null, path, 'Member must not be null');
    return false;
  }
  return true;
}

/** An enum member: DynamoDB lists the allowed values in its own order. */
export function checkEnum(violations: ConstraintViolations, value: unknown, path: string, allowed: readonly string[]): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'string' || !allowed.includes(value)) {
    violations.add(value, path, `Member must satisfy enum value set: [${allowed.join(', ')}]`);
  }
}

/** Length bounds of a string or list member. */
export function checkLength(violations: ConstraintViolations, value: unknown, path: string, min: number, max?: number): void {
  if (typeof value !== 'string' && !Array.isArray(value)) return;
  checkBounds(violations, value, path, 'length', value.length, min, max);
}

/** Length bounds of a list member whose value DynamoDB prints as a structure dump (`print`). */
export function checkListLength(
  violations: ConstraintViolations,
  value: unknown,
  path: string,
  min: number,
  max: number,
  print: (list: unknown[]) => string,
): void {
  if (!Array.isArray(value)) return;
  if (value.length < min) violations.addPrinted(print(value), path, `Member must have length greater than or equal to ${min}`);
  if (value.length > max) violations.addPrinted(print(value), path, `Member must have length less than or equal to ${max}`);
}

/** Numeric bounds of a number member. */
export function checkNumberRange(violations: ConstraintViolations, value: unknown, path: string, min: number, max?: number): void {
  if (typeof value !== 'number') return;
  checkBounds(violations, value, path, 'value', value, min, max);
}

/** A member's length or value against its bounds, in DynamoDB's words for each. */
function checkBounds(
  violations: ConstraintViolations,
  value: unknown,
  path: string,
  measured: 'length' | 'value',
  measure: number,
  min: number,
  max: number | undefined,
): void {
  if (measure < min) violations.add(value, path, `Member must have ${measured} greater than or equal to ${min}`);
  if (max !== undefined && measure > max) violations.add(value, path, `Member must have ${measured} less than or equal to ${max}`);
}

/** A required map member that is absent or has no entries (DynamoDB: "The requestItems parameter is required …"). */
export function isEmptyMap(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);
}
