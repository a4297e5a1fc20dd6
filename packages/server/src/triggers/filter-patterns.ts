/**
 * Lambda's event filtering patterns (FilterCriteria), matched against a stream
 * record as Lambda does before batching: a record is delivered when any
 * pattern matches it; the others are passed over and never reach the handler.
 *
 * A pattern is a JSON object whose keys follow the record's fields
 * (`eventName`, `dynamodb.Keys`, `dynamodb.NewImage`, …) down to a list of
 * matchers, any one of which must match the field (and every key must match).
 * Matchers: a string, number, boolean or null (equal; numbers compare as
 * numbers), `{"prefix": s}`, `{"suffix": s}`, `{"equals-ignore-case": s}`,
 * `{"anything-but": value | [values] | {"prefix": s} | {"suffix": s}}`,
 * `{"numeric": [">", 0, "<=", 5]}`, `{"exists": true | false}`. The key
 * `"$or": [pattern, …]` at any level matches when one of its patterns does.
 * Where the record holds a list, a matcher matches when it matches one element.
 * Edge cases as we read Lambda's grammar (docs/triggers.md): `exists: true`
 * holds only for a present leaf (not a map), `exists: false` only for an
 * absent field; every other matcher, `anything-but` included, needs the field
 * present; a DynamoDB number is a string in the record (`{"N": "5"}`), so
 * it matches `"5"` and never a `numeric` range.
 */
import { DataError } from '../data/errors.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** True when the record's value (undefined: the field is absent) matches. */
type Matcher = (value: unknown) => boolean;

const NUMERIC_OPERATORS = new Set(['=', '<', '<=', '>', '>=']);

/** `where` is the path of the field at fault ('' for the whole pattern). */
function invalid(where: string, message: string): DataError {
  return new DataError('invalid', 'InvalidFilterPattern', where === '' ? message : `at ${where}: ${message}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Values of a field: a list's elements, or the value itself. */
function candidates(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function equalsScalar(expected: string | number | boolean | null): Matcher {
  return (value) => candidates(value).some((each) => each === expected);
}

function stringTest(test: (text: string) => boolean): Matcher {
  return (value) => candidates(value).some((each) => typeof each === 'string' && test(each));
}

function requireString(where: string, operator: string, operand: unknown): string {
  if (typeof operand !== 'string') throw invalid(where, `"${operator}" takes a string`);
  return operand;
}

function anythingBut(where: string, operand: unknown): Matcher {
  if (isObject(operand)) {
    const [operator, ...more] = Object.keys(operand);
    if (more.length > 0 || (operator !== 'prefix' && operator !== 'suffix')) throw invalid(where, '"anything-but" takes a value, a list of values, or {"prefix": …} or {"suffix": …}');
    const text = requireString(where, operator, operand[operator]);
    const test = operator === 'prefix' ? (each: string) => each.startsWith(text) : (each: string) => each.endsWith(text);
    return (value) => value !== undefined && candidates(value).every((each) => typeof each !== 'string' || !test(each));
  }
  const excluded = Array.isArray(operand) ? operand : [operand];
  if (excluded.length === 0 || !excluded.every(isScalar)) throw invalid(where, '"anything-but" takes a value or a non-empty list of values');
  return (value) => value !== undefined && candidates(value).every((each) => !excluded.includes(each as never));
}

function numeric(where: string, operand: unknown): Matcher {
  if (!Array.isArray(operand) || (operand.length !== 2 && operand.length !== 4)) {
    throw invalid(where, '"numeric" takes one or two comparisons, e.g. [">", 0] or [">=", 0, "<", 10]');
  }
  const tests: Array<(n: number) => boolean> = [];
  for (let i = 0; i < operand.length; i += 2) {
    const operator = operand[i];
    const bound = operand[i + 1];
    if (typeof operator !== 'string' || !NUMERIC_OPERATORS.has(operator)) throw invalid(where, `"numeric" operators are =, <, <=, >, >= (got ${JSON.stringify(operator)})`);
    if (typeof bound !== 'number') throw invalid(where, `"numeric" compares with numbers (got ${JSON.stringify(bound)})`);
    tests.push(compare(operator, bound));
  }
  return (value) => candidates(value).some((each) => typeof each === 'number' && tests.every((test) => test(each)));
}

function compare(operator: string, bound: number): (n: number) => boolean {
  switch (operator) {
    case '=':
      return (n) => n === bound;
    case '<':
      return (n) => n < bound;
    case '<=':
      return (n) => n <= bound;
    case '>':
      return (n) => n > bound;
    default:
      return (n) => n >= bound;
  }
}

function operatorMatcher(where: string, matcher: Record<string, unknown>): Matcher {
  const keys = Object.keys(matcher);
  if (keys.length !== 1) throw invalid(where, `a matcher object has exactly one operator (got ${keys.length === 0 ? 'none' : keys.join(', ')})`);
  const operator = keys[0]!;
  const operand = matcher[operator];
  switch (operator) {
    case 'prefix': {
      const text = requireString(where, operator, operand);
      return stringTest((each) => each.startsWith(text));
    }
    case 'suffix': {
      const text = requireString(where, operator, operand);
      return stringTest((each) => each.endsWith(text));
    }
    case 'equals-ignore-case': {
      const text = requireString(where, operator, operand).toLowerCase();
      return stringTest((each) => each.toLowerCase() === text);
    }
    case 'anything-but':
      return anythingBut(where, operand);
    case 'numeric':
      return numeric(where, operand);
    case 'exists':
      if (typeof operand !== 'boolean') throw invalid(where, '"exists" takes true or false');
      return operand ? (value) => value !== undefined && !isObject(value) : (value) => value === undefined;
    default:
      throw invalid(where, `unknown operator "${operator}" (known: prefix, suffix, equals-ignore-case, anything-but, numeric, exists)`);
  }
}

function leafMatcher(where: string, list: Json[]): Matcher {
  if (list.length === 0) throw invalid(where, 'a list of matchers must not be empty');
  const matchers = list.map((each): Matcher => {
    if (isScalar(each)) return equalsScalar(each);
    if (isObject(each)) return operatorMatcher(where, each);
    throw invalid(where, 'a matcher is a value or an object such as {"prefix": "…"}, not a list');
  });
  return (value) => matchers.some((matcher) => matcher(value));
}

function objectMatcher(where: string, pattern: Record<string, Json>): Matcher {
  const parts: Matcher[] = [];
  for (const [key, child] of Object.entries(pattern)) {
    const at = where === '' ? key : `${where}.${key}`;
    if (key === '$or') {
      if (!Array.isArray(child) || child.length < 2 || !child.every(isObject)) throw invalid(at, '"$or" takes a list of at least two patterns');
      const alternatives = child.map((each) => objectMatcher(where, each as Record<string, Json>));
      parts.push((value) => alternatives.some((alternative) => alternative(value)));
      continue;
    }
    const inner = Array.isArray(child) ? leafMatcher(at, child) : isObject(child) ? objectMatcher(at, child) : undefined;
    if (inner === undefined) throw invalid(at, 'each field takes a list of matchers or a nested pattern, e.g. {"eventName": ["INSERT"]}');
    if (Array.isArray(child)) {
      parts.push((value) => inner(isObject(value) ? value[key] : undefined));
    } else {
      // A nested pattern looks into a map, or into any map of a list.
      parts.push((value) => isObject(value) && candidates(value[key]).some((each) => isObject(each) && inner(each)));
    }
  }
  return (value) => parts.every((part) => part(value));
}

/** One pattern's text, checked: throws DataError invalid (type InvalidFilterPattern) naming the field at fault. */
export function compileFilterPattern(text: string, index = 0): Matcher {
  const label = `filter pattern ${index + 1}`;
  let pattern: unknown;
  try {
    pattern = JSON.parse(text);
  } catch (error) {
    throw new DataError('invalid', 'InvalidFilterPattern', `${label} is not JSON (${(error as Error).message})`);
  }
  if (!isObject(pattern)) throw new DataError('invalid', 'InvalidFilterPattern', `${label} must be a JSON object, e.g. {"eventName": ["INSERT"]}`);
  try {
    return objectMatcher('', pattern as Record<string, Json>);
  } catch (error) {
    if (error instanceof DataError) throw new DataError('invalid', 'InvalidFilterPattern', `${label}, ${error.message}`);
    throw error;
  }
}

/** A record filter from the patterns: none lets every record through. */
export function recordFilter(patterns: readonly string[]): (record: unknown) => boolean {
  if (patterns.length === 0) return () => true;
  const matchers = patterns.map((text, index) => compileFilterPattern(text, index));
  return (record) => matchers.some((matcher) => matcher(record));
}
