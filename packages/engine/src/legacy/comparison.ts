/**
 * The legacy condition form `{ ComparisonOperator, AttributeValueList }` of
 * QueryFilter, ScanFilter, KeyConditions and Expected, checked with DynamoDB's
 * messages and turned into the expression AST so that core evaluates it.
 * Messages measured on DynamoDB Local.
 */
import {
  attributeValueFromWire,
  compareScalars,
  INVALID_PARAMETER_PREFIX,
  typeOf,
  validateAttributeValue,
  validationError,
  type AttributeType,
  type AttributeValue,
  type Condition,
  type PathNode,
} from '@dynotable/core';

type ComparisonOperator =
  | 'EQ'
  | 'NE'
  | 'LE'
  | 'LT'
  | 'GE'
  | 'GT'
  | 'NOT_NULL'
  | 'NULL'
  | 'CONTAINS'
  | 'NOT_CONTAINS'
  | 'BEGINS_WITH'
  | 'IN'
  | 'BETWEEN';

/** One legacy condition as it arrives on the wire. */
export interface WireComparison {
  ComparisonOperator?: unknown;
  AttributeValueList?: unknown;
}

/** A checked legacy condition: the operator and its values, decoded. */
export interface Comparison {
  operator: ComparisonOperator;
  values: AttributeValue[];
}

const INVALID = INVALID_PARAMETER_PREFIX;
const SCALARS: readonly AttributeType[] = ['S', 'N', 'B'];

/** How many values each operator takes ([min, max]) and which value types it accepts (undefined: any). */
const RULES: Record<ComparisonOperator, { count: [number, number]; types?: readonly AttributeType[] }> = {
  EQ: { count: [1, 1] },
  NE: { count: [1, 1] },
  LE: { count: [1, 1], types: SCALARS },
  LT: { count: [1, 1], types: SCALARS },
  GE: { count: [1, 1], types: SCALARS },
  GT: { count: [1, 1], types: SCALARS },
  NOT_NULL: { count: [0, 0] },
  NULL: { count: [0, 0] },
  CONTAINS: { count: [1, 1], types: ['S', 'N', 'B', 'BOOL', 'NULL'] },
  NOT_CONTAINS: { count: [1, 1], types: ['S', 'N', 'B', 'BOOL', 'NULL'] },
  BEGINS_WITH: { count: [1, 1], types: ['S', 'B'] },
  IN: { count: [1, Infinity], types: SCALARS },
  BETWEEN: { count: [2, 2], types: SCALARS },
};

function isComparisonOperator(value: unknown): value is ComparisonOperator {
  return typeof value === 'string' && Object.hasOwn(RULES, value);
}

/**
 * Checks one legacy condition: a known operator, the right number of values,
 * values of one type (IN, BETWEEN) that the operator accepts, and an ordered
 * BETWEEN range.
 */
export function readComparison(raw: WireComparison): Comparison {
  const operator = raw.ComparisonOperator;
  if (!isComparisonOperator(operator)) throw validationError('Comparison type does not exist in DynamoDB');
  const list = raw.AttributeValueList ?? [];
  const wireValues = Array.isArray(list) ? list : [];
  const values = wireValues.map((wire) => validateAttributeValue(attributeValueFromWire(wire)));
  const rule = RULES[operator];
  if (values.length < rule.count[0] || values.length > rule.count[1]) {
    throw validationError(`${INVALID}Invalid number of argument(s) for the ${operator} ComparisonOperator`);
  }
  const types = values.map(typeOf);
  if (types.some((type) => type !== types[0])) {
    throw validationError(`${INVALID}AttributeValues inside AttributeValueList must be of same type`);
  }
  const wrongType = rule.types && types.find((type) => !rule.types!.includes(type));
  if (wrongType) throw validationError(`${INVALID}ComparisonOperator ${operator} is not valid for ${wrongType} AttributeValue type`);
  if (operator === 'BETWEEN' && (compareScalars(values[0]!, values[1]!) ?? 0) > 0) {
    throw validationError('The BETWEEN condition was provided a range where the lower bound is greater than the upper bound');
  }
  return { operator, values };
}

/** The path of a top-level attribute: legacy names are literal, dots included. */
export function attributePath(name: string): PathNode {
  return { kind: 'path', elements: [{ type: 'name', name }] };
}

/** The legacy operators that are one of the expression's comparators. */
const COMPARATORS = {
  EQ: '=',
  NE: '<>',
  LE: '<=',
  LT: '<',
  GE: '>=',
  GT: '>',
} as const satisfies Partial<Record<ComparisonOperator, Extract<Condition, { kind: 'compare' }>['operator']>>;

function isComparator(operator: ComparisonOperator): operator is keyof typeof COMPARATORS {
  return Object.hasOwn(COMPARATORS, operator);
}

/** A checked comparison as a condition on the attribute `name`. */
export function comparisonNode(name: string, { operator, values }: Comparison): Condition {
  const path = attributePath(name);
  const value = (index: number) => ({ kind: 'value' as const, value: values[index]! });
  if (isComparator(operator)) return { kind: 'compare', operator: COMPARATORS[operator], left: path, right: value(0) };
  switch (operator) {
    case 'NOT_NULL':
      return { kind: 'call', name: 'attribute_exists', args: [path] };
    case 'NULL':
      return { kind: 'call', name: 'attribute_not_exists', args: [path] };
    case 'CONTAINS':
      return { kind: 'call', name: 'contains', args: [path, value(0)] };
    case 'NOT_CONTAINS':
      // A missing attribute does not satisfy NOT_CONTAINS (measured on DynamoDB Local).
      return {
        kind: 'and',
        left: { kind: 'call', name: 'attribute_exists', args: [path] },
        right: { kind: 'not', operand: { kind: 'call', name: 'contains', args: [path, value(0)] } },
      };
    case 'BEGINS_WITH':
      return { kind: 'call', name: 'begins_with', args: [path, value(0)] };
    case 'IN':
      return { kind: 'in', operand: path, list: values.map((_, i) => value(i)) };
    case 'BETWEEN':
      return { kind: 'between', operand: path, low: value(0), high: value(1) };
  }
}

/**
 * `{ ComparisonOperator, AttributeValueList }` on attribute `attributeName` →
 * a condition core evaluates, or DynamoDB's ValidationException.
 */
export function comparisonToCondition(attributeName: string, raw: WireComparison): Condition {
  return comparisonNode(attributeName, readComparison(raw));
}
