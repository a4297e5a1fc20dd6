/**
 * The change a merge makes to the model file, for people: the lines added and
 * removed with a few unchanged lines around each, longer unchanged stretches
 * folded into one "… n unchanged lines" row.
 */
import { diffLines } from '@dynotable/core';

type ChangeRow =
  | { readonly kind: 'same' | 'add' | 'remove'; readonly text: string }
  | { readonly kind: 'folded'; readonly lines: number };

export interface FileChange {
  readonly rows: readonly ChangeRow[];
  readonly added: number;
  readonly removed: number;
  readonly linesBefore: number;
  readonly linesAfter: number;
}

const lineCount = (text: string) => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

export function fileChange(before: string, after: string, context = 2): FileChange {
  const lines = diffLines(before, after);
  const near = lines.map((_, index) => lines.slice(Math.max(0, index - context), index + context + 1).some((line) => line.kind !== 'same'));
  const rows: ChangeRow[] = [];
  let folded = 0;
  lines.forEach((line, index) => {
    if (line.kind === 'same' && !near[index]) {
      folded++;
      return;
    }
    if (folded > 0) rows.push({ kind: 'folded', lines: folded });
    folded = 0;
    rows.push(line);
  });
  if (folded > 0) rows.push({ kind: 'folded', lines: folded });
  return {
    rows,
    added: lines.filter((line) => line.kind === 'add').length,
    removed: lines.filter((line) => line.kind === 'remove').length,
    linesBefore: lineCount(before),
    linesAfter: lineCount(after),
  };
}
