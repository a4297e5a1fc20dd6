/** parse(print(ast)) equals ast, for random statements of every kind. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStatement, printStatement } from '@dynotable/core';
import { statementArbitrary } from './arbitraries.js';

describe('PartiQL printer and parser', () => {
  it('parse(print(ast)) gives back the tree', () => {
    fc.assert(
      fc.property(statementArbitrary, (statement) => {
        expect(parseStatement(printStatement(statement))).toEqual(statement);
      }),
      { seed: 20261202, numRuns: 1000 },
    );
  });

  it('print(parse(text)) is a fixed point', () => {
    fc.assert(
      fc.property(statementArbitrary, (statement) => {
        const text = printStatement(statement);
        expect(printStatement(parseStatement(text))).toBe(text);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
