/** The merge's change as the dialog shows it: changed lines with their context, long unchanged stretches folded. */
import { describe, expect, it } from 'vitest';
import { fileChange } from '../../src/designer/file-change.js';

const lines = (count: number, prefix = 'line') => Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`);

describe('fileChange', () => {
  it('counts the lines added and removed and folds the unchanged ones far from a change', () => {
    const before = [...lines(10), ''].join('\n');
    const after = [...lines(4), 'new', ...lines(10).slice(5), ''].join('\n');
    const change = fileChange(before, after);
    expect([change.added, change.removed, change.linesBefore, change.linesAfter]).toEqual([1, 1, 10, 10]);
    expect(change.rows).toEqual([
      { kind: 'folded', lines: 2 },
      { kind: 'same', text: 'line 3' },
      { kind: 'same', text: 'line 4' },
      { kind: 'remove', text: 'line 5' },
      { kind: 'add', text: 'new' },
      { kind: 'same', text: 'line 6' },
      { kind: 'same', text: 'line 7' },
      { kind: 'folded', lines: 3 },
    ]);
  });

  it('shows nothing but a fold when nothing changed', () => {
    expect(fileChange('a\nb\n', 'a\nb\n').rows).toEqual([{ kind: 'folded', lines: 2 }]);
  });
});
