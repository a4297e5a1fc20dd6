/**
 * QueryFilter and ScanFilter: a map of attribute name to legacy condition,
 * joined by ConditionalOperator (AND unless OR), as one core condition.
 * Messages measured on DynamoDB Local.
 */
import { validationError, type Condition } from '@dynotable/core';
import { comparisonToCondition, type WireComparison } from './comparison.js';

/** The filter map as a condition, or undefined when absent or empty. */
export function filterToCondition(filter: unknown, conditionalOperator: 'AND' | 'OR' | undefined): Condition | undefined {
  const entries = filter !== null && typeof filter === 'object' ? Object.entries(filter as Record<string, unknown>) : [];
  checkConditionalOperator(conditionalOperator, entries.length, filter !== undefined && filter !== null);
  let joined: Condition | undefined;
  for (const [name, raw] of entries) {
    const condition = comparisonToCondition(name, (raw ?? {}) as WireComparison);
    joined = joined === undefined ? condition : { kind: conditionalOperator === 'OR' ? 'or' : 'and', left: joined, right: condition };
  }
  return joined;
}

/** ConditionalOperator needs a filter (or Expected) of at least two conditions. */
export function checkConditionalOperator(operator: unknown, conditions: number, present: boolean): void {
  if (operator === undefined || operator === null) return;
  if (!present) throw validationError('ConditionalOperator cannot be used without Filter or Expected');
  if (conditions < 2) throw validationError('ConditionalOperator can only be used when Filter or Expected has two or more elements');
}

/** QueryFilter may not name the key attributes of the table or index queried. */
export function checkQueryFilterAvoidsKeys(filter: unknown, keyNames: readonly string[]): void {
  if (filter === null || typeof filter !== 'object') return;
  for (const name of Object.keys(filter)) {
    if (keyNames.includes(name)) {
      throw validationError(`QueryFilter can only contain non-primary key attributes: Primary key attribute: ${name}`);
    }
  }
}
