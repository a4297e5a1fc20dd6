import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codeLines, mediaTypeOf } from '../../src/codegen/code-lines.js';

describe('the code view lines', () => {
  it('numbers every line, a final newline ending the last one', () => {
    expect(codeLines('a\nb\n')).toEqual(['a', 'b']);
    expect(codeLines('a\r\nb')).toEqual(['a', 'b']);
    expect(codeLines('')).toEqual(['']);
    expect(codeLines('\n')).toEqual(['']);
  });

  it('gives back the text, line by line', () => {
    fc.assert(
      fc.property(fc.array(fc.string().filter((line) => !/[\r\n]/.test(line)), { minLength: 1 }), (lines) => {
        const source = lines.join('\n');
        const shown = codeLines(source);
        expect(shown.join('\n')).toBe(lines.length > 1 && lines.at(-1) === '' ? lines.slice(0, -1).join('\n') : source);
      }),
    );
  });

  it('downloads TypeScript and Python as their types', () => {
    expect(mediaTypeOf('leaderboard-data.ts')).toBe('text/typescript');
    expect(mediaTypeOf('x.py')).toBe('text/x-python');
    expect(mediaTypeOf('notes')).toBe('text/plain');
  });
});
