/**
 * Ion literals: PartiQL's backtick values (`` `1` ``, `` `{a: 1}` ``).
 * DynamoDB parses them and then refuses them, naming the Ion type; text
 * that is not one Ion value is a syntax error. This reads just enough Ion
 * to tell the type: annotations (`a::`) and comments are skipped.
 */

/** The Ion type of the text between the backticks, or undefined when it is not one Ion value. */
export function ionLiteralType(text: string): string | undefined {
  const body = stripAnnotations(stripComments(text).trim());
  if (body === '') return undefined;
  const open = body[0]!;
  if (open === '[' || open === '(' || open === '{') return containerType(body);
  return scalarType(body);
}

const SCALARS: readonly [RegExp, string][] = [
  [/^(true|false)$/, 'BOOL'],
  [/^(nan|[+-]inf)$/, 'FLOAT'],
  [/^-?(0[xX][0-9a-fA-F_]+|0[bB][01_]+|\d[\d_]*)$/, 'INT'],
  [/^-?\d[\d_]*(\.[\d_]*)?[eE][+-]?\d+$/, 'FLOAT'],
  [/^-?\d[\d_]*(\.[\d_]*)?([dD][+-]?\d+)?$/, 'DECIMAL'],
  [/^\d{4}(-\d\d(-\d\d)?)?T\S*$|^\d{4}-\d\d-\d\d$/, 'TIMESTAMP'],
  [/^"([^"\\]|\\.)*"$/, 'STRING'],
  [/^('''([^\\]|\\.)*?'''\s*)+$/, 'STRING'],
  [/^'([^'\\]|\\.)*'$/, 'SYMBOL'],
  [/^[A-Za-z_][A-Za-z0-9_]*$/, 'SYMBOL'],
];

/** `null.string` is a typed null: its type is the one named. */
const NULL_TYPES = new Set(['null', 'bool', 'int', 'float', 'decimal', 'timestamp', 'string', 'symbol', 'blob', 'clob', 'struct', 'list', 'sexp']);

function scalarType(body: string): string | undefined {
  if (body === 'null') return 'NULL';
  const typedNull = /^null\.([a-z]+)$/.exec(body);
  if (typedNull) return NULL_TYPES.has(typedNull[1]!) ? typedNull[1]!.toUpperCase() : undefined;
  // A word starting with `$` is a system symbol such as the version marker: no value.
  return SCALARS.find(([pattern]) => pattern.test(body))?.[1];
}

function containerType(body: string): string | undefined {
  if (body.startsWith('{{')) {
    if (!body.endsWith('}}')) return undefined;
    const inner = body.slice(2, -2).trim();
    return inner.startsWith('"') || inner.startsWith("'''") ? 'CLOB' : 'BLOB';
  }
  if (closingOf(body) !== body.length - 1) return undefined;
  return { '[': 'LIST', '(': 'SEXP', '{': 'STRUCT' }[body[0]!];
}

/** Where the container opened at 0 closes (strings skipped), or -1. */
function closingOf(body: string): number {
  const stack: string[] = [];
  const pairs: Record<string, string> = { '[': ']', '(': ')', '{': '}' };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '"' || c === "'") {
      const end = body.indexOf(c, i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c in pairs) stack.push(pairs[c]!);
    else if (c === ']' || c === ')' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}

function stripAnnotations(text: string): string {
  return text.replace(/^(([A-Za-z_][A-Za-z0-9_]*|'([^'\\]|\\.)*')\s*::\s*)+/, '');
}
