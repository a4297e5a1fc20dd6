/**
 * An expression error as DynamoDB names it, then the offending line of the
 * friendly text with carets under the token the error points at.
 */
import type { DynamoError, ErrorLocation } from '@dynotable/core';

export interface FailingPart {
  /** Which part failed, e.g. `key` or `filter`. */
  label: string;
  text: string;
}

export function renderExpressionError(error: DynamoError, part: FailingPart | undefined): string {
  const lines = [`${error.name}: ${error.message}`];
  if (part !== undefined && error.location !== undefined) lines.push(...caretLines(part, error.location));
  return lines.join('\n') + '\n';
}

/** Around the caret, at most this many characters of a long line are shown on each side. */
const CONTEXT = 60;

function caretLines({ label, text }: FailingPart, { offset, length }: ErrorLocation): string[] {
  const at = Math.min(Math.max(offset, 0), text.length);
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const newline = text.indexOf('\n', at);
  const lineEnd = newline === -1 ? text.length : newline;
  // A long line (100,000 parentheses) is cut to the part around the caret, marked with an ellipsis.
  const from = Math.max(lineStart, at - CONTEXT);
  const to = Math.min(lineEnd, at + Math.max(length, 1) + CONTEXT);
  const before = from > lineStart ? '…' : '';
  const after = to < lineEnd ? '…' : '';
  const prefix = `  ${label}: `;
  const column = before.length + displayWidth(text.slice(from, at));
  const marks = Math.max(1, displayWidth(text.slice(at, Math.min(at + length, to))));
  return [prefix + before + printable(text.slice(from, to)) + after, ' '.repeat(prefix.length + column) + '^'.repeat(marks)];
}

/** Control characters would move the cursor; each shows as one visible cell instead. */
function printable(line: string): string {
  // eslint-disable-next-line no-control-regex
  return line.replace(/\t/g, ' ').replace(/[\x00-\x1f\x7f]/g, '\uFFFD');
}

/** Terminal columns: wide East Asian characters and emoji take two, combining marks none. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x300 && code <= 0x36f) || (code >= 0x200b && code <= 0x200f) || code === 0xfe0f) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}
