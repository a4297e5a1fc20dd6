/**
 * Statement -> PartiQL text that parses back to the same tree. Names are
 * double-quoted only when they must be (keywords, anything but a plain
 * identifier); strings are single-quoted; parentheses are written only where
 * the tree needs them. Binary values have no PartiQL literal: they travel as
 * `?` parameters, so printing one is refused.
 */
import type { PathNode } from '../expressions/ast.js';
import type { PqlCondition, PqlOperand, PqlTarget, PqlUpdateClause, PqlValue, Statement } from './ast.js';
import { isBarePartiqlName } from './keywords.js';

export function printStatement(statement: Statement): string {
  switch (statement.kind) {
    case 'select': {
      const projection = statement.projection === '*' ? '*' : statement.projection.map(printPath).join(', ');
      let text = `SELECT ${projection} FROM ${printTarget(statement.target)}`;
      if (statement.where) text += ` WHERE ${printCondition(statement.where)}`;
      if (statement.orderBy && statement.orderBy.length > 0) {
        const items = statement.orderBy.map((o) => (o.direction ? `${printPath(o.path)} ${o.direction}` : printPath(o.path)));
        text += ` ORDER BY ${items.join(', ')}`;
      }
      return text;
    }
    case 'insert':
      return `INSERT INTO ${printTarget(statement.target)} VALUE ${printValue(statement.item)}`;
    case 'update': {
      let text = `UPDATE ${printTarget(statement.target)} ${statement.clauses.map(printClause).join(' ')}`;
      if (statement.where) text += ` WHERE ${printCondition(statement.where)}`;
      if (statement.returning) text += ` RETURNING ${statement.returning} *`;
      return text;
    }
    case 'delete': {
      let text = `DELETE FROM ${printTarget(statement.target)}`;
      if (statement.where) text += ` WHERE ${printCondition(statement.where)}`;
      if (statement.returning) text += ` RETURNING ${statement.returning} *`;
      return text;
    }
  }
}

function printName(name: string): string {
  return isBarePartiqlName(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

function printString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function printTarget(target: PqlTarget): string {
  const table = printName(target.table);
  return target.index === undefined ? table : `${table}.${printName(target.index)}`;
}

function printPath(path: PathNode): string {
  let text = '';
  for (const element of path.elements) {
    if (element.type === 'index') text += `[${element.index}]`;
    else text += (text === '' ? '' : '.') + printName(element.name);
  }
  return text;
}

function printClause(clause: PqlUpdateClause): string {
  if (clause.kind === 'remove') return `REMOVE ${printPath(clause.path)}`;
  return `SET ${clause.assignments.map((a) => `${printPath(a.path)} = ${printOperand(a.value)}`).join(', ')}`;
}

const PRECEDENCE = { or: 1, and: 2, not: 3 } as const;

function precedence(c: PqlCondition): number {
  return c.kind === 'or' || c.kind === 'and' || c.kind === 'not' ? PRECEDENCE[c.kind] : 4;
}

function wrap(text: string, parenthesize: boolean): string {
  return parenthesize ? `(${text})` : text;
}

function printCondition(c: PqlCondition): string {
  switch (c.kind) {
    case 'or':
    case 'and': {
      const own = PRECEDENCE[c.kind];
      // Left-associative: a right child of the same operator keeps its parentheses.
      const left = wrap(printCondition(c.left), precedence(c.left) < own);
      const right = wrap(printCondition(c.right), precedence(c.right) <= own);
      return `${left} ${c.kind === 'or' ? 'OR' : 'AND'} ${right}`;
    }
    case 'not':
      return `NOT ${wrap(printCondition(c.operand), precedence(c.operand) < PRECEDENCE.not)}`;
    case 'compare':
      return `${printOperand(c.left)} ${c.operator} ${printOperand(c.right)}`;
    case 'between':
      return `${printOperand(c.operand)} BETWEEN ${printOperand(c.low)} AND ${printOperand(c.high)}`;
    case 'in':
      return `${printOperand(c.operand)} IN (${c.list.map(printOperand).join(', ')})`;
    case 'is':
      return `${printOperand(c.operand)} IS ${c.negated ? 'NOT ' : ''}${c.test}`;
    case 'call':
      return printOperand(c);
  }
}

function printOperand(o: PqlOperand): string {
  switch (o.kind) {
    case 'path':
      return printPath(o);
    case 'call':
      return `${o.name}(${o.args.map(printOperand).join(', ')})`;
    case 'arithmetic':
      return `${printOperand(o.left)} ${o.operator} ${printOperand(o.right)}`;
    default:
      return printValue(o);
  }
}

function printValue(v: PqlValue): string {
  switch (v.kind) {
    case 'parameter':
      return '?';
    case 'list':
      return `[${v.items.map(printValue).join(', ')}]`;
    case 'set':
      return `<<${v.items.map(printValue).join(', ')}>>`;
    case 'map':
      return `{${v.entries.map((e) => `${printString(e.key)}: ${printValue(e.value)}`).join(', ')}}`;
    case 'value': {
      const value = v.value;
      if ('S' in value) return printString(value.S);
      if ('N' in value) return value.N;
      if ('BOOL' in value) return value.BOOL ? 'TRUE' : 'FALSE';
      return 'NULL';
    }
  }
}
