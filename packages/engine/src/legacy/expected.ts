/**
 * Expected (with ConditionalOperator): the legacy condition of PutItem,
 * UpdateItem and DeleteItem, as one core condition. Each entry is either
 * `{ Value?, Exists? }` or `{ ComparisonOperator, AttributeValueList | Value }`.
 * Messages measured on DynamoDB Local.
 */
import { INVALID_PARAMETER_PREFIX, attributeValueFromWire, validateAttributeValue, validationError, type Condition } from '@dynotable/core';
import { attributePath, comparisonNode, readComparison } from './comparison.js';
import { checkConditionalOperator } from './filter.js';

const INVALID = INVALID_PARAMETER_PREFIX;

interface WireExpectation {
  Value?: unknown;
  Exists?: unknown;
  ComparisonOperator?: unknown;
  AttributeValueList?: unknown;
}

function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function expectationToCondition(name: string, raw: WireExpectation): Condition {
  const hasValue = given(raw.Value);
  const hasList = given(raw.AttributeValueList);
  if (given(raw.ComparisonOperator)) {
    if (given(raw.Exists)) throw validationError(`${INVALID}Exists and ComparisonOperator cannot be used together for Attribute: ${name}`);
    if (hasValue && hasList) throw validationError(`${INVALID}Value and AttributeValueList cannot be used together for Attribute: ${name}`);
    // A lone Value stands for a one-element AttributeValueList.
    const list = hasValue ? [raw.Value] : raw.AttributeValueList;
    return comparisonNode(name, readComparison({ ComparisonOperator: raw.ComparisonOperator, AttributeValueList: list }));
  }
  if (hasList) throw validationError(`${INVALID}AttributeValueList can only be used with a ComparisonOperator for Attribute: ${name}`);
  const path = attributePath(name);
  if (raw.Exists === false) {
    if (hasValue) throw validationError(`${INVALID}Value cannot be used when Exists is false for Attribute: ${name}`);
    return { kind: 'call', name: 'attribute_not_exists', args: [path] };
  }
  if (!hasValue) {
    const exists = raw.Exists === true ? 'true' : 'null';
    throw validationError(`${INVALID}Value must be provided when Exists is ${exists} for Attribute: ${name}`);
  }
  const value = validateAttributeValue(attributeValueFromWire(raw.Value));
  return { kind: 'compare', operator: '=', left: path, right: { kind: 'value', value } };
}

/** The Expected map as one condition, or undefined when absent or empty. */
export function expectedToCondition(expected: unknown, conditionalOperator: unknown): Condition | undefined {
  const present = given(expected) && typeof expected === 'object';
  const entries = present ? Object.entries(expected as Record<string, unknown>) : [];
  checkConditionalOperator(conditionalOperator, entries.length, present);
  let joined: Condition | undefined;
  for (const [name, raw] of entries) {
    const condition = expectationToCondition(name, (raw ?? {}) as WireExpectation);
    joined = joined === undefined ? condition : { kind: conditionalOperator === 'OR' ? 'or' : 'and', left: joined, right: condition };
  }
  return joined;
}
