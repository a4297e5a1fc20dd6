/**
 * DynamoDB's PartiQL messages, word for word as DynamoDB Local gives them
 * (docs/partiql.md). All are ValidationExceptions.
 */
import { DynamoError } from '../errors.js';
import type { Token } from './lexer.js';

function fail(message: string): DynamoError {
  return new DynamoError('ValidationException', message);
}

/** Where a token is, as DynamoDB writes it after some messages: ` at LINE:COLUMN:LENGTH`. */
export function at(token: Token): string {
  return ` at ${token.line}:${token.column}:${token.length}`;
}

/** Any syntax error: DynamoDB quotes the whole statement. */
export function malformed(statement: string): DynamoError {
  return fail(`Statement wasn't well formed, can't be processed: ${statement}`);
}

export const partiqlMessages = {
  unrecognizedFunction: (name: string) => `Unrecognized function: ${name}`,
  operandCount: (name: string, count: number) =>
    `Incorrect number of operands for operator or function; operator or function: ${name}, number of operands: ${count}`,
  unsupportedOperator: (operator: string) => `Unsupported operator in Condition Expression. Operator: ${operator}`,
  missingNeedsIs: 'MISSING must be compared using IS operator',
  aliasing: 'Aliasing is not supported',
  unsupportedClause: (clause: string, token: Token) => `Unsupported clause: ${clause}${at(token)}`,
  unsupportedToken: (text: string) => `Unsupported token in expression: ${text}`,
  hierarchy: "Changing item's hierarchy while reading isn't supported",
  duplicateSelect: (name: string) => `Duplicate identifiers in select clause: ${name}`,
  unexpectedPathComponent: (token: Token) => `Unexpected path component${at(token)}`,
  placeholderName: (name: string) => `An expression attribute name used in the document path is not defined; attribute name: ${name}`,
  emptyPathComponent: 'Path component cannot be an empty string',
  listIndexRange: (index: string, token: Token) => `List index is not within the allowable range; index: [${index}]${at(token)}`,
  tooManyDigits: 'DynamoDB only supports precision up to 38 digits',
  emptyBag: (token: Token) => `Empty bags are not supported${at(token)}`,
  mixedBag: 'Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags',
  duplicatesInCollection: 'Input collection contains duplicates',
  duplicateTupleKey: (key: string, path: string, token: Token) => `Duplicate keys in tuple. Key: ${key} under ${path}${at(token)}`,
  tupleKeyType: (path: string, token: Token) => `Tuple keys must be of type String. Actual type: VariableReference under ${path}${at(token)}`,
  unsupportedDataType: (text: string, path: string, token: Token) => `Unsupported data type: ${text} under key ${path}${at(token)}`,
  insertFormat: (token: Token) =>
    `Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.${at(token)}`,
  insertReturning: 'RETURNING is not supported in INSERT',
  returningStar: "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause",
  deleteReturning: (clause: string) =>
    `Invalid returning clause: RETURNING ${clause} *. Only RETURNING ALL OLD * is allowed in DELETE statements.`,
  orderByNeedsWhere: 'Must have WHERE clause in the statement when using ORDER BY clause.',
  orderByNeedsPartition: 'Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.',
  sameKeyTwice: (name: string) => `Multiple conditions on same key ${name}. Only single item Update/Insert/Delete are supported`,
  orderByKey: (name: string) => `Variable reference ${name} in ORDER BY clause must be part of the primary key`,
  parameterCount: "Number of parameters in request and statement don't match.",
  fullKeyEquality: 'Where clause does not contain a mandatory equality on all key attributes',
  notOnIndex: 'This operation is not supported on an index',
  singleTable: 'FROM clause may only contain a single table name in data manipulation statements',
  noSuchIndex: (name: string) => `The table does not have the specified index: ${name}`,
  keyMissingInItem: (name: string) => `Key attribute should be present in the item: Key ${name}`,
  keyType: (name: string) => `Key attribute's data type should match its data type in table's schema: Key ${name}`,
  setFunctionTarget: (name: string) => `The first argument to ${name.toUpperCase()} must equal the assignment value`,
  functionInUpdate: (name: string) => `The function is not allowed in an update expression; function: ${name}`,
  unsupportedOperation: (what: string) => `Unsupported operation: ${what}`,
  ionLiteral: (type: string, path: string, token: Token) => `Ion Literals are not supported: ${type} under key ${path}${at(token)}`,
  isType: (name: string, token: Token) =>
    `Unsupported data type for IS operator: ${name}. Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]${at(token)}`,
  isSubject: 'The left hand side argument to IS must be a Variable Reference, Literal, or Path',
  inList: 'IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with at least one member',
  whereBoolean: 'WHERE clause must contain an expression that resolves to a boolean',
  logicalArguments: 'The arguments to AND/OR must be Expressions',
  notArgument: 'The argument to NOT must be a Type or Expression',
  operandType: (operator: string, type: string) =>
    `Incorrect operand type for operator or function; operator or function: ${operator}, operand type: ${type}`,
};

export function partiqlError(message: string): DynamoError {
  return fail(message);
}
