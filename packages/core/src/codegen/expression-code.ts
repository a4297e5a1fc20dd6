/**
 * Expressions printed once, at generation time, by core's printer (so reserved
 * words such as `result` are aliased exactly as everywhere else), with each
 * run-time value standing in as a unique placeholder value that the generated
 * code fills from its arguments.
 */
import type { Condition, PathNode, ValueNode } from '../expressions/ast.js';
import { PlaceholderAllocator } from '../expressions/index.js';
import { printConditionText, printPath } from '../expressions/printer.js';
import type { AttributeValue } from '../values/types.js';
import { tsLiteral } from './typescript-names.js';

const SENTINEL_PREFIX = '\u0000runtime-value-';

export class ExpressionCode {
  private readonly allocator = new PlaceholderAllocator();
  private readonly runtime = new Map<string, string>();

  /** A value the generated code computes: `code` is its TypeScript expression. */
  runtimeValue(code: string): ValueNode {
    const sentinel = `${SENTINEL_PREFIX}${this.runtime.size}`;
    this.runtime.set(sentinel, code);
    return { kind: 'value', value: { S: sentinel } };
  }

  /** The placeholder (`:v3`) of a run-time value, for expressions assembled in generated code. */
  placeholder(code: string): string {
    return this.allocator.value(this.runtimeValue(code).value);
  }

  condition(condition: Condition): string {
    return printConditionText(condition, this.allocator);
  }

  name(attribute: string): string {
    return printPath(path(attribute), this.allocator);
  }

  /** ExpressionAttributeNames as a TypeScript literal, or undefined when no name needed an alias. */
  namesLiteral(): string | undefined {
    const entries = Object.entries(this.allocator.names);
    if (entries.length === 0) return undefined;
    return `{ ${entries.map(([key, name]) => `${tsLiteral(key)}: ${tsLiteral(name)}`).join(', ')} }`;
  }

  /** ExpressionAttributeValues entries: placeholder → TypeScript expression. */
  valueEntries(): [string, string][] {
    return Object.entries(this.allocator.values).map(([key, value]) => [key, this.valueCode(value)]);
  }

  valuesLiteral(): string | undefined {
    const entries = this.valueEntries();
    if (entries.length === 0) return undefined;
    return `{ ${entries.map(([key, code]) => `${tsLiteral(key)}: ${code}`).join(', ')} }`;
  }

  private valueCode(value: AttributeValue): string {
    if ('S' in value) return this.runtime.get(value.S) ?? tsLiteral(value.S);
    if ('N' in value) return `NumberValue.from(${tsLiteral(value.N)})`;
    if ('BOOL' in value) return String(value.BOOL);
    if ('NULL' in value) return 'null';
    throw new Error('only strings, numbers, booleans and null are written as constants');
  }
}

export function path(attribute: string): PathNode {
  return { kind: 'path', elements: [{ type: 'name', name: attribute }] };
}

export function equalsCondition(attribute: string, value: ValueNode): Condition {
  return { kind: 'compare', operator: '=', left: path(attribute), right: value };
}

export function andAll(conditions: readonly Condition[]): Condition {
  return conditions.reduce((left, right) => ({ kind: 'and', left, right }));
}

export function attributeNotExists(attribute: string): Condition {
  return { kind: 'call', name: 'attribute_not_exists', args: [path(attribute)] };
}

export function attributeExists(attribute: string): Condition {
  return { kind: 'call', name: 'attribute_exists', args: [path(attribute)] };
}
