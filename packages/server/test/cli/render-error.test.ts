import { describe, expect, it } from 'vitest';
import { DynamoError } from '@dynotable/core';
import { renderExpressionError } from '../../src/cli/render-error.js';

const error = (offset: number, length: number) => new DynamoError('ValidationException', 'Bad', { offset, length });

describe('renderExpressionError', () => {
  it('underlines the whole token', () => {
    expect(renderExpressionError(error(4, 3), { label: 'key', text: 'a = foo' })).toBe(
      'ValidationException: Bad\n  key: a = foo\n           ^^^\n',
    );
  });

  it('shows only the line of a multi-line text that holds the token', () => {
    const out = renderExpressionError(error(6, 1), { label: 'filter', text: 'a = 1\nAND ?' });
    expect(out).toBe('ValidationException: Bad\n  filter: AND ?\n          ^\n');
  });

  it('puts one caret at the end of the input for an empty token', () => {
    expect(renderExpressionError(error(5, 0), { label: 'key', text: 'a = 1' }).split('\n')[2]).toBe('            ^');
  });

  it('counts wide characters as two columns', () => {
    const line = renderExpressionError(error(6, 1), { label: 'k', text: 'a = "中" =' }).split('\n')[2];
    expect(line).toBe(`${' '.repeat(5 + 7)}^`);
  });

  it('prints just the message when there is no location', () => {
    const bare = new DynamoError('ValidationException', 'Too big');
    expect(renderExpressionError(bare, { label: 'key', text: 'x' })).toBe('ValidationException: Too big\n');
  });
});
