import type { Item } from '@dynotable/core';
import { B, BOOL, BS, L, M, N, NS, NULL, S, SS } from './builders.js';

/** One attribute of each type, as used in the DynamoDB Local probes. */
export const item: Item = {
  s: S('abc'),
  sx: S('x'),
  n: N('10'),
  n2: N('20'),
  b: B(1, 255),
  t: BOOL(true),
  t2: BOOL(false),
  z: NULL,
  l: L(S('x'), N('1'), L(S('y')), M({ q: S('r') }), SS('p')),
  m: M({ a: S('x'), k: L(N('1'), N('2')) }),
  ss: SS('a', 'b', 'abc'),
  ns: NS('1', '2'),
  bs: BS([1], [2]),
  u: S('héllo😀'),
  e: S(''),
  eb: B(),
};
