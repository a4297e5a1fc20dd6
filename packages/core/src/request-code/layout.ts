/**
 * Line layout shared by the generators: a bracketed list stays on one line when
 * it is short and flat, otherwise each entry gets its own indented line.
 */
export interface ListStyle {
  /** Java's argument lists reject a trailing comma; Go's multi-line literals require one. */
  trailingComma: boolean;
  indent: string;
  /** Longest list kept on one line. */
  inlineWidth?: number;
}

export function list(open: string, items: readonly string[], close: string, style: ListStyle): string {
  if (items.length === 0) return open.trimEnd() + close.trimStart();
  const inline = open + items.join(', ') + close;
  const width = style.inlineWidth ?? 72;
  if (inline.length <= width && !inline.includes('\n')) return inline;
  const lines = items.map((item, i) => {
    const comma = i < items.length - 1 || style.trailingComma ? ',' : '';
    return indentLines(item, style.indent) + comma;
  });
  return `${open.trimEnd()}\n${lines.join('\n')}\n${close.trimStart()}`;
}

/** Indents every line of a (possibly multi-line) fragment. */
function indentLines(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : indent + line))
    .join('\n');
}

/** Indents all lines but the first, for a fragment placed after existing text. */
export function indentTail(text: string, indent: string): string {
  const [first, ...rest] = text.split('\n');
  return [first, ...rest.map((line) => (line === '' ? line : indent + line))].join('\n');
}
