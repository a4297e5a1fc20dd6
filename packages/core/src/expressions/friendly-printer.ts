/**
 * AST -> friendly text, the inverse of parseFriendly: raw names (backquoted
 * when they are not plain identifiers or could be read as a keyword or
 * literal) and literal values.
 */
import { encodeBase64 } from '../values/base64.js';
import type { AttributeValue } from '../values/types.js';
import type { Condition, ProjectionNode, UpdateNode } from './ast.js';
import type { FriendlyKind } from './friendly.js';
import { isBareIdentifier } from './names.js';
import { checkValueDepth, printConditionText, printProjectionText, printUpdateText } from './printer.js';
import type { ExpressionWriter } from './printer.js';

/** Bare words the friendly parser reads as something other than a name. */
const NOT_NAMES = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'SET', 'REMOVE', 'ADD', 'DELETE', 'TRUE', 'FALSE', 'NULL']);

const literalWriter: ExpressionWriter = {
  name(name: string): string {
    if (isBareIdentifier(name) && !NOT_NAMES.has(name.toUpperCase()) && !name.startsWith('b64')) return name;
    return `\`${name.replace(/[\\`]/g, (ch) => `\\${ch}`)}\``;
  },
  value: formatLiteral,
};

/** A value in friendly literal syntax (see literals.ts). */
export function formatLiteral(value: AttributeValue): string {
  checkValueDepth(value);
  return literal(value);
}

function literal(value: AttributeValue): string {
  if ('S' in value) return JSON.stringify(value.S);
  if ('N' in value) return value.N;
  if ('B' in value) return binary(value.B);
  if ('BOOL' in value) return String(value.BOOL);
  if ('NULL' in value) return 'null';
  if ('L' in value) return `[${value.L.map(literal).join(', ')}]`;
  if ('M' in value) {
    return `{${Object.entries(value.M)
      .map(([key, item]) => `${JSON.stringify(key)}: ${literal(item)}`)
      .join(', ')}}`;
  }
  if ('SS' in value) return `<<${value.SS.map((s) => JSON.stringify(s)).join(', ')}>>`;
  if ('NS' in value) return `<<${value.NS.join(', ')}>>`;
  return `<<${value.BS.map(binary).join(', ')}>>`;
}

function binary(bytes: Uint8Array): string {
  return `b64"${encodeBase64(bytes)}"`;
}

export function printFriendly(kind: 'key' | 'condition' | 'filter', node: Condition): string;
export function printFriendly(kind: 'update', node: UpdateNode): string;
export function printFriendly(kind: 'projection', node: ProjectionNode): string;
export function printFriendly(kind: FriendlyKind, node: Condition | UpdateNode | ProjectionNode): string;
export function printFriendly(kind: FriendlyKind, node: Condition | UpdateNode | ProjectionNode): string {
  if (kind === 'update') return printUpdateText(node as UpdateNode, literalWriter);
  if (kind === 'projection') return printProjectionText(node as ProjectionNode, literalWriter);
  return printConditionText(node as Condition, literalWriter);
}
