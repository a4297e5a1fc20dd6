/**
 * The types `x IS [NOT] <type>` may name. DynamoDB takes PartiQL's type
 * names for the types an attribute can have and refuses the rest of
 * PartiQL's types by their canonical name (INT is INTEGER, VARCHAR is
 * CHARACTER_VARYING); any other word is a syntax error.
 */
import type { AttributeType } from '../values/types.js';

/** A type DynamoDB checks, as written (upper case), and the attribute_type it tests. */
export const IS_TYPES = {
  STRING: 'S',
  NUMERIC: 'N',
  LIST: 'L',
  STRUCT: 'M',
  TUPLE: 'M',
  BOOLEAN: 'BOOL',
  BOOL: 'BOOL',
  BLOB: 'B',
} as const satisfies Record<string, AttributeType>;

export type PqlIsType = keyof typeof IS_TYPES;

export function isCheckedType(word: string): word is PqlIsType {
  return Object.hasOwn(IS_TYPES, word);
}

/** PartiQL types DynamoDB refuses after IS, by the word that starts them, and the name its message uses. */
export const REFUSED_IS_TYPES: Readonly<Record<string, string>> = {
  BAG: 'BAG',
  INT: 'INTEGER',
  INTEGER: 'INTEGER',
  SMALLINT: 'SMALLINT',
  DEC: 'DECIMAL',
  DECIMAL: 'DECIMAL',
  FLOAT: 'FLOAT',
  REAL: 'REAL',
  CHAR: 'CHARACTER',
  CHARACTER: 'CHARACTER',
  VARCHAR: 'CHARACTER_VARYING',
  SEXP: 'SEXP',
  SYMBOL: 'SYMBOL',
  CLOB: 'CLOB',
  TIMESTAMP: 'TIMESTAMP',
  DATE: 'DATE',
  TIME: 'TIME',
};

/** Types that take a precision (and a scale) in parentheses: `NUMERIC(5)`, `DECIMAL(5,2)`. */
export const SIZED_IS_TYPES = new Set(['NUMERIC', 'DEC', 'DECIMAL', 'FLOAT', 'CHAR', 'CHARACTER', 'VARCHAR', 'TIME']);
