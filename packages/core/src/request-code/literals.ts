/**
 * What the typed generators (Go, Java, Python, TypeScript) share: DynamoDB's
 * typed values and the request's parameters are walked here, once; each
 * language only says how its literals look.
 */
import type { AttributeValue } from '../values/types.js';
import type { RequestField } from './request.js';

type ScalarTag = 'S' | 'N' | 'B' | 'BOOL' | 'NULL' | 'M';
type ListTag = 'L' | 'SS' | 'NS' | 'BS';

export interface Literals {
  string(text: string): string;
  bytes(bytes: Uint8Array): string;
  boolean(value: boolean): string;
  /** A map literal: of strings (ExpressionAttributeNames) or of typed values. */
  map(entries: ReadonlyArray<readonly [string, string]>, of: 'strings' | 'values'): string;
  /** A typed value from the literal of what it holds. */
  typed(tag: ScalarTag, literal: string): string;
  /** A list or set from the literals of its elements. */
  typedList(tag: ListTag, items: readonly string[]): string;
}

export function attributeLiteral(value: AttributeValue, literals: Literals): string {
  if ('S' in value) return literals.typed('S', literals.string(value.S));
  if ('N' in value) return literals.typed('N', literals.string(value.N));
  if ('B' in value) return literals.typed('B', literals.bytes(value.B));
  if ('BOOL' in value) return literals.typed('BOOL', literals.boolean(value.BOOL));
  if ('NULL' in value) return literals.typed('NULL', literals.boolean(true));
  if ('M' in value) return literals.typed('M', attributeMapLiteral(value.M, literals));
  if ('L' in value) return literals.typedList('L', value.L.map((item) => attributeLiteral(item, literals)));
  if ('SS' in value) return literals.typedList('SS', value.SS.map((text) => literals.string(text)));
  if ('NS' in value) return literals.typedList('NS', value.NS.map((text) => literals.string(text)));
  return literals.typedList('BS', value.BS.map((bytes) => literals.bytes(bytes)));
}

export function attributeMapLiteral(map: Record<string, AttributeValue>, literals: Literals): string {
  return literals.map(Object.entries(map).map(([name, value]) => [name, attributeLiteral(value, literals)]), 'values');
}

/** ExpressionAttributeNames and the like: a map of plain strings. */
export function namesLiteral(names: Record<string, string>, literals: Literals): string {
  return literals.map(Object.entries(names).map(([key, name]) => [key, literals.string(name)]), 'strings');
}

/**
 * The literal of one parameter, where the language writes its scalars plainly;
 * `values` writes attribute maps when they are not the typed form (the DocumentClient's).
 */
export function fieldLiteral(field: RequestField, literals: Literals, values = (map: Record<string, AttributeValue>) => attributeMapLiteral(map, literals)): string {
  switch (field.kind) {
    case 'string':
    case 'enum':
      return literals.string(field.value);
    case 'boolean':
      return literals.boolean(field.value);
    case 'integer':
      return String(field.value);
    case 'names':
      return namesLiteral(field.value, literals);
    case 'values':
      return values(field.value);
  }
}
