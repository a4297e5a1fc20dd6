import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateGo, goString } from '@dynotable/core';
import { codegenRequest, RICH_REQUEST, valueString, wire } from './fixtures.js';
import { readGoRequest } from './read-go.js';

describe('Go (SDK v2)', () => {
  it('writes the request as typed members, read back by Go literal rules', () => {
    const program = generateGo(RICH_REQUEST);
    expect(program).toContain('KeyConditionExpression: aws.String("#pk = :pk AND #sk BETWEEN :lo AND :hi")');
    expect(program).toContain('&types.AttributeValueMemberN{Value: "12345678901234567890123456789012345678"}');
    expect(program).toContain('Select: types.Select("ALL_ATTRIBUTES")');
    expect(readGoRequest(program)).toEqual({ method: 'Query', operation: 'Query', params: wire(RICH_REQUEST.params) });
  });

  it('round-trips random requests', () => {
    fc.assert(
      fc.property(codegenRequest, (request) => {
        const program = generateGo(request);
        expect(readGoRequest(program)).toEqual({ method: request.operation, operation: request.operation, params: wire(request.params) });
        // Go refuses unused imports: the types package only when a value or enum needs it.
        const needsTypes = /types\./.test(program.slice(program.indexOf('func main')));
        expect(program.includes('"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"')).toBe(needsTypes);
      }),
      { numRuns: 200 },
    );
  });

  it('uses \\x only for ASCII, since in Go it is a raw byte', () => {
    fc.assert(
      fc.property(valueString, (text) => {
        const literal = goString(text);
        for (const [, hex] of literal.matchAll(/(?<!\\)(?:\\\\)*\\x([0-9A-Fa-f]{2})/g)) expect(parseInt(hex!, 16)).toBeLessThan(0x80);
        expect(literal).not.toMatch(/[\p{Cc}\u2028\u202e]/u);
      }),
    );
  });
});
