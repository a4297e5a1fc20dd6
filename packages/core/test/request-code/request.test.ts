import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CODEGEN_LANGUAGES,
  generateCode,
  goString,
  javaString,
  pyString,
  requestFields,
  toWireRequest,
  tsString,
} from '@dynotable/core';
import { RICH_REQUEST, valueString, wire } from './fixtures.js';

describe('request model', () => {
  it('lists the set parameters in a fixed order and drops unset ones', () => {
    const fields = requestFields({ Limit: 5, TableName: 't', KeyConditionExpression: 'a = :a', IndexName: undefined });
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['TableName', 'string'],
      ['KeyConditionExpression', 'string'],
      ['Limit', 'integer'],
    ]);
  });

  it('refuses integers no SDK field can hold', () => {
    for (const Limit of [1.5, -1, 2 ** 31, Number.NaN]) {
      expect(() => generateCode({ operation: 'Scan', params: { TableName: 't', Limit } }, 'go')).toThrow(RangeError);
    }
    expect(generateCode({ operation: 'Scan', params: { TableName: 't', Limit: 2 ** 31 - 1 } }, 'go')).toContain('aws.Int32(2147483647)');
  });

  it('gives the wire body: numbers as strings, binary as base64', () => {
    expect(toWireRequest(RICH_REQUEST.params)).toEqual(wire(RICH_REQUEST.params));
    expect(toWireRequest({ TableName: 't', Key: { id: { B: new Uint8Array([255, 0]) } } })).toEqual({
      TableName: 't',
      Key: { id: { B: '/wA=' } },
    });
  });

  it('generates every language and names the table in each', () => {
    for (const language of CODEGEN_LANGUAGES) expect(generateCode(RICH_REQUEST, language)).toContain('AuditLog');
  });
});

describe('string literals', () => {
  it('TypeScript literals evaluate back to the same string', () => {
    fc.assert(
      fc.property(valueString, (text) => {
        expect(new Function(`return ${tsString(text)};`)()).toBe(text);
      }),
    );
  });

  it('never leave control or bidirectional characters raw in the source', () => {
    fc.assert(
      fc.property(valueString, (text) => {
        for (const literal of [tsString(text), pyString(text), javaString(text), goString(text)]) {
          expect(literal).not.toMatch(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/u);
        }
      }),
    );
  });

  it('write a lone surrogate as U+FFFD, which is what reaches DynamoDB through UTF-8', () => {
    expect(new Function(`return ${tsString('a\ud800b')};`)()).toBe('a\ufffdb');
    expect(goString('\udc00')).toBe('"\ufffd"');
  });

  it('keep Java unicode pre-processing away from quotes and newlines', () => {
    expect(javaString('"\n\\u0022')).toBe('"\\"\\n\\\\u0022"');
  });
});
