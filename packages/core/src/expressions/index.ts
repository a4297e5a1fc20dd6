/**
 * DynamoDB's expression language: text <-> AST.
 *
 * - parseCondition / parseUpdate / parseProjection: one expression plus its
 *   placeholders -> AST, or DynamoDB's ValidationException (exact message, with
 *   a location in the text). parseRequestExpressions checks a whole request,
 *   unused placeholders included.
 * - checkKeyCondition / checkUpdateDoesNotTouchKeys / checkFilterAvoidsKeys: the
 *   checks that need the key schema.
 * - printExpressions / printCondition: AST -> request fields with placeholders.
 * - parseFriendly / compileFriendly / printFriendly: the same grammar for people,
 *   with raw names and literal values.
 * - expr: a typed builder producing the same AST.
 */
export type * from './ast.js';
export { parseCondition, parseUpdate, parseProjection } from './parse.js';
export type { ConditionKind, ParseContext } from './parse.js';
export { parseRequestExpressions, checkPlaceholderKeys } from './request.js';
export type { ExpressionRequest, ParsedExpressions } from './request.js';
export { printExpressions, printCondition, PlaceholderAllocator } from './printer.js';
export type { ExpressionWriter } from './printer.js';
export { parseFriendly, compileFriendly } from './friendly.js';
export { printFriendly, formatLiteral } from './friendly-printer.js';
export type { FriendlyKind } from './friendly.js';
export { isReservedWord, nameNeedsAlias, isBareIdentifier } from './names.js';
export { RESERVED_WORDS } from './reserved-words.js';
export { checkKeyCondition, checkUpdateDoesNotTouchKeys, checkFilterAvoidsKeys } from './key-schema.js';
export type { KeyCondition, KeySchemaNames, SortKeyOperator } from './key-schema.js';
export { checkMultiAttributeParts, isMultiAttribute } from './multi-attribute-keys.js';
export type { KeyPart } from './multi-attribute-keys.js';
export { findPrefixBoundTrap } from './prefix-bound-trap.js';
export type { PrefixBoundOptions, PrefixBoundTrap } from './prefix-bound-trap.js';
export * as expr from './builder.js';
export type { Plain, OperandLike, PathLike, UpdatePart } from './builder.js';
