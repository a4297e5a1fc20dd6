/**
 * The rewrite a Scan's plan suggests: an equality on each partition key
 * attribute it names, as a `?` parameter, put first in the WHERE clause (or
 * as the WHERE clause). The new parameters come first, since their `?` do.
 */
function quoted(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

export interface Rewrite {
  readonly statement: string;
  /** How many `?` were added before the statement's own. */
  readonly added: number;
}

export function withKeyCondition(statement: string, keyNames: readonly string[]): Rewrite {
  const condition = keyNames.map((name) => `${quoted(name)} = ?`).join(' AND ');
  const where = /\bwhere\b/i.exec(statement);
  const order = /\border\s+by\b/i.exec(statement);
  if (where !== null) {
    const after = where.index + where[0].length;
    const end = order !== null && order.index > after ? order.index : statement.length;
    // In parentheses, so an OR in the old clause stays under the key condition.
    const old = statement.slice(after, end).trim();
    const tail = statement.slice(end);
    return { statement: `${statement.slice(0, after)} ${condition} AND (${old})${tail.length > 0 ? ` ${tail}` : ''}`, added: keyNames.length };
  }
  const cut = order?.index ?? statement.trimEnd().length;
  return { statement: `${statement.slice(0, cut).trimEnd()} WHERE ${condition}${order ? ` ${statement.slice(cut)}` : statement.slice(cut)}`, added: keyNames.length };
}
