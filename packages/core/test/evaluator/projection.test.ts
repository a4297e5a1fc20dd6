// Every expected result here was confirmed on DynamoDB Local (GetItem with a ProjectionExpression).
import { describe, expect, it } from 'vitest';
import { projectItem } from '@dynotable/core';
import type { Item } from '@dynotable/core';
import { L, M, N, projection, S } from './builders.js';

const item: Item = {
  a: M({ b: L(S('x'), S('y'), S('z')), c: S('c'), d: M({ e: S('e'), f: S('f') }) }),
  l: L(M({ p: S('p0'), q: S('q0') }), M({ p: S('p1') }), L(S('n0'), S('n1')), S('s3')),
  s: S('s'),
  n: N('1.5'),
};

const project = (...paths: string[]) => projectItem(projection(...paths), item);

describe('projectItem', () => {
  it('keeps top-level attributes whole', () => {
    expect(project('s', 'n')).toEqual({ s: S('s'), n: N('1.5') });
    expect(project('a.b')).toEqual({ a: M({ b: L(S('x'), S('y'), S('z')) }) });
  });

  it('nests map keys and list elements as in the item', () => {
    expect(project('a.b[1]')).toEqual({ a: M({ b: L(S('y')) }) });
    expect(project('a.c', 'a.d.e')).toEqual({ a: M({ c: S('c'), d: M({ e: S('e') }) }) });
    expect(project('a.d.e', 'a.c', 'a.b[2]', 'a.b[0]')).toEqual({ a: M({ d: M({ e: S('e') }), b: L(S('x'), S('z')), c: S('c') }) });
  });

  it('keeps list order whatever the order of the paths', () => {
    expect(project('a.b[2]', 'a.b[0]')).toEqual({ a: M({ b: L(S('x'), S('z')) }) });
    expect(project('l[3]', 'l[1]')).toEqual({ l: L(M({ p: S('p1') }), S('s3')) });
    expect(project('l[2][1]', 'l[0].q')).toEqual({ l: L(M({ q: S('q0') }), L(S('n1'))) });
    expect(project('l[3]', 'l[2][0]', 'l[0].p')).toEqual({ l: L(M({ p: S('p0') }), L(S('n0')), S('s3')) });
  });

  it('omits paths that find nothing, with no empty parents', () => {
    for (const path of ['a.b[5]', 'a.d.zz', 'mi', 'mi.x', 's.x', 's[0]', 'l[9]', 'a.b[1][0]', 'a.b[0].x']) {
      expect(project(path), path).toEqual({});
    }
    expect(project('mi', 'mi2')).toEqual({});
    expect(project('a.zz', 's')).toEqual({ s: S('s') });
    expect(project('l[0].p', 'l[1].p', 'l[3].p')).toEqual({ l: L(M({ p: S('p0') }), M({ p: S('p1') })) });
    expect(project('l[0].p', 'l[2][0]', 'l[1].q')).toEqual({ l: L(M({ p: S('p0') }), L(S('n0'))) });
  });

  it('returns copies, not parts of the item', () => {
    const projected = project('a.b');
    (projected.a as { M: Record<string, { L: unknown[] }> }).M.b!.L.push(S('w'));
    expect(item.a).toEqual(M({ b: L(S('x'), S('y'), S('z')), c: S('c'), d: M({ e: S('e'), f: S('f') }) }));
  });
});
