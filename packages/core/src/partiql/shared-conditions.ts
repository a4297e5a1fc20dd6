/**
 * The condition nodes PartiQL's tree and core's expression tree share (AND,
 * OR, NOT, comparisons, BETWEEN, IN): the same shape over each tree's own
 * conditions and operands. Both directions (PartiQL -> expression, request ->
 * PartiQL) map them here, node by node; each handles its own other nodes.
 */
import type { Comparator } from '../expressions/ast.js';

export type SharedCondition<C, O> =
  | { kind: 'and' | 'or'; left: C; right: C }
  | { kind: 'not'; operand: C }
  | { kind: 'compare'; operator: Comparator; left: O; right: O }
  | { kind: 'between'; operand: O; low: O; high: O }
  | { kind: 'in'; operand: O; list: O[] };

const SHARED_KINDS = new Set(['and', 'or', 'not', 'compare', 'between', 'in']);

export function isSharedCondition<C extends { kind: string }, O>(c: C | SharedCondition<C, O>): c is SharedCondition<C, O> {
  return SHARED_KINDS.has(c.kind);
}

export function mapSharedCondition<C, O, C2, O2>(c: SharedCondition<C, O>, condition: (c: C) => C2, operand: (o: O) => O2): SharedCondition<C2, O2> {
  switch (c.kind) {
    case 'and':
    case 'or':
      return { kind: c.kind, left: condition(c.left), right: condition(c.right) };
    case 'not':
      return { kind: 'not', operand: condition(c.operand) };
    case 'compare':
      return { kind: 'compare', operator: c.operator, left: operand(c.left), right: operand(c.right) };
    case 'between':
      return { kind: 'between', operand: operand(c.operand), low: operand(c.low), high: operand(c.high) };
    case 'in':
      return { kind: 'in', operand: operand(c.operand), list: c.list.map(operand) };
  }
}
