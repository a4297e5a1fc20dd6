import { describe, expect, it } from 'vitest';
import { parseStatement } from '@dynotable/core';
import { planPrecheck } from '../../src/partiql/plan-precheck.js';

describe('what the PartiQL pane says before it asks for a plan', () => {
  it('a statement that does not parse gets the parser\'s own message', () => {
    const text = 'SELECT * FROM';
    let expected = '';
    try {
      parseStatement(text);
    } catch (failure) {
      expected = (failure as Error).message;
    }
    expect(expected).not.toBe('');
    expect(planPrecheck(text, [])).toBe(expected);
  });

  it('asks for the first empty parameter by its number', () => {
    const text = `SELECT * FROM "T" WHERE PK = ? AND SK = ?`;
    expect(planPrecheck(text, ['', ''])).toMatch(/^Parameter 1 is empty/);
    expect(planPrecheck(text, ['TICKET#1', '  '])).toMatch(/^Parameter 2 is empty/);
    expect(planPrecheck(text, ['TICKET#1'])).toMatch(/^Parameter 2 is empty/);
    expect(planPrecheck(text, ['TICKET#1', 'TICKET'])).toBeUndefined();
  });

  it('lets a complete statement through, whatever the fields beyond its parameters hold', () => {
    expect(planPrecheck(`SELECT * FROM "T" WHERE PK = ?`, ['A', ''])).toBeUndefined();
    expect(planPrecheck(`SELECT * FROM "T"`, [])).toBeUndefined();
  });
});
