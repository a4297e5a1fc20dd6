/**
 * The day-window trap in the expression builder: explained for a Query's
 * BETWEEN or `<=` upper bound, with fixed key conditions that parse to the
 * bound followed by U+10FFFF (written as its escape) or begins_with on the
 * day, and no note once the fix is in.
 */
import { describe, expect, it } from 'vitest';
import { compileFriendly } from '@dynotable/core';
import { boundTrapNote } from '../../src/expressions/bound-trap.js';
import { buildRequest } from '../../src/expressions/build-request.js';
import { DEFAULT_EXPRESSION_STATE, type ExpressionState } from '../../src/expressions/expression-state.js';

const DAY_WINDOW = 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"';
const state = (fields: Partial<ExpressionState>): ExpressionState => ({ ...DEFAULT_EXPRESSION_STATE, table: 'AuditLog', index: '', partitionKey: 'PK', sortKey: 'SK', ...fields });

describe('boundTrapNote', () => {
  it("explains the seed's day window and offers both fixed key conditions as text", () => {
    const note = boundTrapNote(state({ key: DAY_WINDOW }))!;
    expect(note.trap).toMatchObject({ bound: 'EVT#2026-06-23T23:59:59Z', day: 'EVT#2026-06-23', certainty: 'possible' });
    expect(note.widened).toBe('PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z\\uDBFF\\uDFFF"');
    expect(note.beginsWith).toBe('PK = "ACTOR#u_8814" AND begins_with(SK, "EVT#2026-06-23")');
    // The escape is U+10FFFF in the request.
    expect(compileFriendly({ key: note.widened }).ExpressionAttributeValues).toMatchObject({ ':v2': { S: 'EVT#2026-06-23T23:59:59Z\u{10ffff}' } });
  });

  it('has nothing to say once a fix is used, or where there is no trap', () => {
    const widened = boundTrapNote(state({ key: DAY_WINDOW }))!.widened;
    expect(boundTrapNote(state({ key: widened }))).toBeUndefined();
    expect(buildRequest(state({ key: widened })).problems).toEqual({});
    expect(boundTrapNote(state({ key: 'PK = "A" AND SK < "EVT#2026-06-24"' }))).toBeUndefined();
    expect(boundTrapNote(state({ key: DAY_WINDOW, operation: 'Scan' }))).toBeUndefined();
    expect(boundTrapNote(state({ key: 'PK = "A" AND SK <= 10', sortType: 'N' }))).toBeUndefined();
    expect(boundTrapNote(state({ key: 'PK = "A" AND SK BETWEEN' }))).toBeUndefined();
  });

  it('finds the key names in the condition when the key fields are empty', () => {
    const note = boundTrapNote(state({ key: 'PK = "A" AND SK <= "ORDER#0005"', partitionKey: '', sortKey: '' }))!;
    expect(note.widened).toBe('PK = "A" AND SK <= "ORDER#0005\\uDBFF\\uDFFF"');
    expect(note.beginsWith).toBeUndefined();
  });
});
