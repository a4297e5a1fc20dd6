/** Source text as numbered lines for the code view: a final newline ends the last line rather than starting an empty one. */
export function codeLines(source: string): string[] {
  const lines = source.split(/\r\n|\n|\r/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The type a file is downloaded as, from its extension. */
export function mediaTypeOf(fileName: string): string {
  if (/\.(ts|mts|cts)$/.test(fileName)) return 'text/typescript';
  if (/\.py$/.test(fileName)) return 'text/x-python';
  if (/\.sh$/.test(fileName)) return 'text/x-shellscript';
  return 'text/plain';
}
