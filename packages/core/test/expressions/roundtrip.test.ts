import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKeyCondition, compileFriendly, parseFriendly, parseRequestExpressions, printExpressions } from '@dynotable/core';
import type { ParsedExpressions } from '@dynotable/core';
import { conditionArb, friendlySampleArb, keyConditionArb, projectionArb, updateArb } from '../support/arbitraries-expressions.js';

/** print -> parse must give back the very same tree (placeholders resolved). */
function roundTrip(parsed: ParsedExpressions): void {
  const request = printExpressions(parsed);
  expect(parseRequestExpressions(request)).toEqual(parsed);
  // Deterministic: printing again gives the same request.
  expect(printExpressions(parsed)).toEqual(request);
}

describe('print then parse gives back the AST', () => {
  it('conditions', () => {
    fc.assert(fc.property(conditionArb, (condition) => roundTrip({ condition })), { numRuns: 300 });
  });

  it('filters', () => {
    fc.assert(fc.property(conditionArb, (filter) => roundTrip({ filter })), { numRuns: 100 });
  });

  it('key conditions, which also pass the key-schema check', () => {
    fc.assert(
      fc.property(keyConditionArb, ({ condition, keySchema }) => {
        roundTrip({ keyCondition: condition });
        expect(() => checkKeyCondition(condition, keySchema)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('updates', () => {
    fc.assert(fc.property(updateArb, (update) => roundTrip({ update })), { numRuns: 300 });
  });

  it('projections', () => {
    fc.assert(fc.property(projectionArb, (projection) => roundTrip({ projection })), { numRuns: 300 });
  });

  it('a whole request shares one set of placeholders, none unused', () => {
    fc.assert(
      fc.property(updateArb, conditionArb, projectionArb, (update, condition, projection) => {
        roundTrip({ update, condition, projection });
      }),
      { numRuns: 100 },
    );
  });
});

describe('friendly text round trip', () => {
  it('parseFriendly(printFriendly(ast)) gives back the AST, and compiles to the same request', () => {
    fc.assert(
      fc.property(friendlySampleArb, ({ kind, node, text }) => {
        expect(parseFriendly(kind, text)).toEqual(node);
        const field = { key: 'keyCondition', condition: 'condition', filter: 'filter', update: 'update', projection: 'projection' }[kind];
        expect(compileFriendly({ [kind]: text })).toEqual(printExpressions({ [field]: node }));
      }),
      { numRuns: 300 },
    );
  });
});
