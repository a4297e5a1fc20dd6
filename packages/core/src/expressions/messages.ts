/** DynamoDB's exact expression error messages, in one place. */
import { MAX_NESTED_CONTAINERS } from '../values/messages.js';
import type { PathNode } from './ast.js';

export const EMPTY_EXPRESSION = 'The expression can not be empty;';
export const REDUNDANT_PARENTHESES = 'The expression has redundant parentheses;';
export const MAX_OPERATORS = 300;
export const MAX_IN_OPERANDS = 100;
export const MAX_EXPRESSION_BYTES = 4096;
export const MAX_PATH_DEPTH = 32;
export const MAX_LIST_INDEX = 2147483647;
/** Longest placeholder key (`#name` / `:value`), in bytes. */
export const MAX_PLACEHOLDER_BYTES = 255;
/**
 * How deeply parentheses, NOT, function calls and `+`/`-` may nest. DynamoDB
 * has no such limit of its own, but its 300-operator limit implies one: a
 * level that is neither redundant parentheses nor itself an operator holds
 * one, so every two levels cost at least one operator and no valid expression
 * nests deeper than 2 x 300 + 2 levels. The parser stops there, the printer
 * and the evaluator too, so no input reaches the stack's limit.
 */
export const MAX_EXPRESSION_NESTING = 2 * MAX_OPERATORS + 2;
/**
 * Lists, maps and sets inside one friendly literal: DynamoDB's limit for an
 * attribute value (31 containers accepted, 32 refused).
 */
export const MAX_LITERAL_NESTING = MAX_NESTED_CONTAINERS;

export const messages = {
  syntax: (token: string, near: string) => `Syntax error; token: "${token}", near: "${near}"`,
  tooLarge: (bytes: number) => `Expression size has exceeded the maximum allowed size; expression size: ${bytes}`,
  tooManyOperators: (count: number) => `The expression contains too many operators; operator count: ${count}`,
  tooManyInOperands: (count: number) =>
    `The IN operator is provided with too many operands; number of operands: ${count}`,
  reserved: (name: string) => `Attribute name is a reserved keyword; reserved keyword: ${name}`,
  undefinedName: (key: string) =>
    `An expression attribute name used in the document path is not defined; attribute name: ${key}`,
  undefinedValue: (key: string) =>
    `An expression attribute value used in expression is not defined; attribute value: ${key}`,
  unusedNames: (keys: string[]) => `Value provided in ExpressionAttributeNames unused in expressions: keys: {${keys.join(', ')}}`,
  unusedValues: (keys: string[]) =>
    `Value provided in ExpressionAttributeValues unused in expressions: keys: {${keys.join(', ')}}`,
  invalidNameKey: (key: string) => `ExpressionAttributeNames contains invalid key: Syntax error; key: "${key}"`,
  invalidValueKey: (key: string) => `ExpressionAttributeValues contains invalid key: Syntax error; key: "${key}"`,
  longNameKey: (bytes: number) =>
    `ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; size of key: ${bytes}`,
  longValueKey: () => 'ExpressionAttributeValues contains invalid key: The expression attribute map contains a key that is too long;',
  invalidValue: (problem: string, key: string) => `ExpressionAttributeValues contains invalid value: ${problem} for key ${key}`,
  emptyName: (key: string) => `ExpressionAttributeNames contains invalid value: Empty attribute name for key ${key}`,
  sectionTwice: (section: string) => `The "${section}" section can only be used once in an update expression;`,
  listIndex: (digits: string) => `List index is not within the allowable range; index: [${digits}]`,
  /** Not DynamoDB's (it has no nesting limit of its own; see MAX_EXPRESSION_NESTING). */
  nestedTooDeeply: () =>
    `The expression nests parentheses, NOT, functions and arithmetic more than ${MAX_EXPRESSION_NESTING} levels deep; no valid expression does (each two levels need one of the 300 operators allowed)`,
  /** Not DynamoDB's: a friendly literal deeper than an attribute value may be. */
  literalTooDeep: () =>
    `A literal value nests lists, maps and sets more than ${MAX_LITERAL_NESTING} levels deep; DynamoDB allows at most ${MAX_LITERAL_NESTING}`,
  pathDepth: (levels: number) => `The document path has too many nesting levels; nesting levels: ${levels}`,
  invalidFunction: (name: string) => `Invalid function name; function: ${name}`,
  functionMisused: (name: string) => `The function is not allowed to be used this way in an expression; function: ${name}`,
  functionInCondition: (name: string) => `The function is not allowed in a condition expression; function: ${name}`,
  functionInUpdate: (name: string) => `The function is not allowed in an update expression; function: ${name}`,
  arity: (name: string, count: number) =>
    `Incorrect number of operands for operator or function; operator or function: ${name}, number of operands: ${count}`,
  operandType: (name: string, type: string) =>
    `Incorrect operand type for operator or function; operator or function: ${name}, operand type: ${type}`,
  actionOperandType: (action: 'ADD' | 'DELETE', type: string) =>
    `Incorrect operand type for operator or function; operator: ${action}, operand type: ${type}, typeSet: ALLOWED_FOR_${action}_OPERAND`,
  needsPath: (name: string) => `Operator or function requires a document path; operator or function: ${name}`,
  notDistinct: (operator: string, path: PathNode) =>
    `The first operand must be distinct from the remaining operands for this operator or function; operator: ${operator}, first operand: ${formatPath(path)}`,
  attributeTypeName: (type: string) =>
    `Invalid attribute type name found; type: ${type}, valid types: {N,BS,L,B,NULL,M,S,SS,NS,BOOL}`,
  betweenTypes: (low: string, high: string) =>
    `The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: ${low}, upper bound operand: AttributeValue: ${high}`,
  betweenOrder: (low: string, high: string) =>
    `The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: ${low}, upper bound operand: AttributeValue: ${high}`,
  overlap: (one: PathNode, two: PathNode) =>
    `Two document paths overlap with each other; must remove or rewrite one of these paths; path one: ${formatPath(one)}, path two: ${formatPath(two)}`,
  conflict: (one: PathNode, two: PathNode) =>
    `Two document paths conflict with each other; must remove or rewrite one of these paths; path one: ${formatPath(one)}, path two: ${formatPath(two)}`,
};

/** What attribute_type says when its second operand is not a value at all (DynamoDB's internal type list). */
export const ATTRIBUTE_TYPE_OPERAND_TYPES =
  '{HD,DOUBLE,B,DECIMAL,SS,NS,NULL,DECIMALSET,N,FLOAT,DICT,BOOL,M,FS,INTSET,DOUBLESET,INT,S,BS,HDS,L}';

/** DynamoDB's rendering of a path in messages: `[a, b, [0]]`. */
function formatPath(path: PathNode): string {
  return `[${path.elements.map((e) => (e.type === 'name' ? e.name : `[${e.index}]`)).join(', ')}]`;
}

/** The prefix DynamoDB puts before an expression error, e.g. `Invalid UpdateExpression: `. */
export function invalid(kind: string, message: string): string {
  return `Invalid ${kind}: ${message}`;
}
