/**
 * The tree of one DynamoDB PartiQL statement. Pure data, holding names and
 * values as written (numbers in canonical form) and `?` parameters by their
 * position, so `parseStatement(printStatement(ast))` gives back an equal tree.
 * Conditions are PartiQL's own (IS MISSING, IS NULL); `conditions.ts` maps
 * them onto core's expression AST once parameters are bound.
 */
import type { PathNode } from '../expressions/ast.js';
import type { AttributeValue } from '../values/types.js';
import type { PqlIsType } from './is-types.js';

export type { PathNode, PqlIsType };

/** A scalar literal: a string, a number (canonical text), TRUE/FALSE or NULL. */
export interface PqlScalar {
  kind: 'value';
  value: { S: string } | { N: string } | { BOOL: boolean } | { NULL: true };
}

/** `?`: the parameter at this position (0-based) of the request's Parameters. */
export interface PqlParameter {
  kind: 'parameter';
  index: number;
}

/** `[a, b]` */
export interface PqlList {
  kind: 'list';
  items: PqlValue[];
}

/** `{'k': v}`: keys are strings, in the order written. */
export interface PqlMap {
  kind: 'map';
  entries: { key: string; value: PqlValue }[];
}

/** `<<a, b>>`: a set of string or number literals (DynamoDB takes no parameter in one). */
export interface PqlSet {
  kind: 'set';
  items: PqlScalar[];
}

/** A value: literal, parameter or a collection of them. */
export type PqlValue = PqlScalar | PqlParameter | PqlList | PqlMap | PqlSet;

export type PqlFunctionName =
  | 'begins_with'
  | 'contains'
  | 'attribute_type'
  | 'attribute_exists'
  | 'attribute_not_exists'
  | 'size'
  | 'list_append'
  | 'set_add'
  | 'set_delete'
  | 'if_not_exists';

export interface PqlCall {
  kind: 'call';
  name: PqlFunctionName;
  args: PqlOperand[];
}

/** `a + 1`, `a - 1`: only in the value of an UPDATE's SET. */
export interface PqlArithmetic {
  kind: 'arithmetic';
  operator: '+' | '-';
  left: PqlOperand;
  right: PqlOperand;
}

export type PqlOperand = PathNode | PqlValue | PqlCall | PqlArithmetic;

/** `!=` is read as `<>`. */
export type PqlComparator = '=' | '<>' | '<' | '<=' | '>' | '>=';

export interface PqlCompare {
  kind: 'compare';
  operator: PqlComparator;
  left: PqlOperand;
  right: PqlOperand;
}

export interface PqlBetween {
  kind: 'between';
  operand: PqlOperand;
  low: PqlOperand;
  high: PqlOperand;
}

export interface PqlIn {
  kind: 'in';
  operand: PqlOperand;
  list: PqlOperand[];
}

/** `x IS [NOT] MISSING`, `x IS [NOT] NULL`, `x IS [NOT] STRING` (a type DynamoDB checks, as written). */
export interface PqlIs {
  kind: 'is';
  operand: PqlOperand;
  test: 'MISSING' | 'NULL' | PqlIsType;
  negated: boolean;
}

export interface PqlLogical {
  kind: 'and' | 'or';
  left: PqlCondition;
  right: PqlCondition;
}

export interface PqlNot {
  kind: 'not';
  operand: PqlCondition;
}

export type PqlCondition = PqlCompare | PqlBetween | PqlIn | PqlIs | PqlCall | PqlLogical | PqlNot;

/** `FROM "table"` or `FROM "table"."index"`. */
export interface PqlTarget {
  table: string;
  index?: string | undefined;
}

export interface PqlOrderBy {
  path: PathNode;
  /** Absent when the statement names no direction (ascending). */
  direction?: 'ASC' | 'DESC' | undefined;
}

export interface SelectStatement {
  kind: 'select';
  /** `*`, or the listed paths. */
  projection: '*' | PathNode[];
  target: PqlTarget;
  where?: PqlCondition | undefined;
  orderBy?: PqlOrderBy[] | undefined;
}

export interface InsertStatement {
  kind: 'insert';
  target: PqlTarget;
  item: PqlMap;
}

export type PqlReturning = 'ALL OLD' | 'ALL NEW' | 'MODIFIED OLD' | 'MODIFIED NEW';

/** One SET or REMOVE clause, as written: `SET a = 1, b = 2` or `REMOVE c` (one path each). */
export type PqlUpdateClause = { kind: 'set'; assignments: { path: PathNode; value: PqlOperand }[] } | { kind: 'remove'; path: PathNode };

export interface UpdateStatement {
  kind: 'update';
  target: PqlTarget;
  clauses: PqlUpdateClause[];
  where?: PqlCondition | undefined;
  returning?: PqlReturning | undefined;
}

export interface DeleteStatement {
  kind: 'delete';
  target: PqlTarget;
  where?: PqlCondition | undefined;
  returning?: PqlReturning | undefined;
}

export type Statement = SelectStatement | InsertStatement | UpdateStatement | DeleteStatement;

/** The AttributeValues of an ExecuteStatement's Parameters, in order. */
export type StatementParameters = readonly AttributeValue[];
