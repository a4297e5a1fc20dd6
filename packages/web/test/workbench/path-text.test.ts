import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFriendly } from '@dynotable/core';
import { friendlyName, friendlyPath } from '../../src/workbench/path-text.js';

/** The path DynamoDB would read: the projection with its placeholders resolved. */
function resolved(path: string): string {
  const request = compileFriendly({ projection: path });
  const names = request.ExpressionAttributeNames ?? {};
  return (request.ProjectionExpression ?? '').replace(/#[A-Za-z0-9_]+/g, (placeholder) => `<${names[placeholder] ?? placeholder}>`);
}

describe('friendlyPath', () => {
  it('keeps nested paths and list indexes', () => {
    expect(friendlyPath('address.city')).toBe('address.city');
    expect(friendlyPath(' tags[0].name ')).toBe('tags[0].name');
    expect(friendlyPath('matrix[1][2]')).toBe('matrix[1][2]');
  });

  it('backquotes names the parser would not read as names', () => {
    expect(friendlyPath('order-id')).toBe('`order-id`');
    expect(friendlyPath('and.or')).toBe('`and`.`or`');
    expect(friendlyPath('b64x')).toBe('`b64x`');
    expect(resolved(friendlyPath('user id.first-name'))).toBe('<user id>.<first-name>');
  });

  it('keeps backquoted names as written', () => {
    expect(friendlyPath('`a.b`.c')).toBe('`a.b`.c');
    expect(resolved(friendlyPath('`a.b`.c'))).toBe('<a.b>.c');
  });

  it('names any attribute exactly', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (name) => {
        const request = compileFriendly({ projection: friendlyName(name) });
        const names = Object.values(request.ExpressionAttributeNames ?? {});
        expect(names.length === 0 ? request.ProjectionExpression : names[0]).toBe(name);
      }),
    );
  });
});
