// Expected results confirmed against DynamoDB Local (FilterExpression `x = :v`).
import { describe, expect, it } from 'vitest';
import { attributeValuesEqual } from '@dynotable/core';
import { B, BOOL, BS, L, M, N, NS, NULL, S, SS } from './builders.js';

describe('attributeValuesEqual', () => {
  it('compares numbers numerically', () => {
    expect(attributeValuesEqual(N('10'), N('1e1'))).toBe(true);
    expect(attributeValuesEqual(N('10'), N('10.000'))).toBe(true);
    expect(attributeValuesEqual(N('10'), N('9'))).toBe(false);
  });

  it('requires the same type', () => {
    expect(attributeValuesEqual(S('10'), N('10'))).toBe(false);
    expect(attributeValuesEqual(SS('a'), L(S('a')))).toBe(false);
    expect(attributeValuesEqual(B(97), S('a'))).toBe(false);
  });

  it('compares binary byte by byte', () => {
    expect(attributeValuesEqual(B(1, 255), B(1, 255))).toBe(true);
    expect(attributeValuesEqual(B(1, 255), B(1, 255, 0))).toBe(false);
    expect(attributeValuesEqual(B(), B())).toBe(true);
  });

  it('compares sets as sets, numbers in number sets numerically', () => {
    expect(attributeValuesEqual(SS('a', 'b'), SS('b', 'a'))).toBe(true);
    expect(attributeValuesEqual(NS('1', '2'), NS('2', '1.0'))).toBe(true);
    expect(attributeValuesEqual(BS([1], [2]), BS([2], [1]))).toBe(true);
    expect(attributeValuesEqual(SS('a', 'b'), SS('a'))).toBe(false);
  });

  it('compares lists in order and maps by key, deeply', () => {
    const list = L(S('x'), N('1'), L(S('y')), M({ q: S('r') }));
    expect(attributeValuesEqual(list, L(S('x'), N('1.0'), L(S('y')), M({ q: S('r') })))).toBe(true);
    expect(attributeValuesEqual(L(S('x'), S('y')), L(S('y'), S('x')))).toBe(false);
    expect(attributeValuesEqual(M({ a: S('x'), k: L(N('1')) }), M({ k: L(N('1')), a: S('x') }))).toBe(true);
    expect(attributeValuesEqual(M({ a: S('x') }), M({ a: S('x'), b: S('y') }))).toBe(false);
  });

  it('compares strings by their bytes, a lone surrogate being `?` wherever the first difference is', () => {
    expect(attributeValuesEqual(S('a\ud800'), S('b\ud800'))).toBe(false);
    expect(attributeValuesEqual(S('x\ud800a'), S('x?a'))).toBe(true);
    expect(attributeValuesEqual(S('x\ud800a'), S('x\udfffa'))).toBe(true);
    expect(attributeValuesEqual(S('x\ud800a'), S('x?b'))).toBe(false);
    // A pair is not two lone surrogates: `k😀` is not `k??`.
    expect(attributeValuesEqual(S('k\ud83d\ude00'), S('k??'))).toBe(false);
    expect(attributeValuesEqual(S('k\ud83d\ude00'), S('k\ud83d?'))).toBe(false);
    expect(attributeValuesEqual(S('k\ud83d'), S('k\ud83d\ude00'))).toBe(false);
  });

  it('compares booleans and null', () => {
    expect(attributeValuesEqual(BOOL(true), BOOL(true))).toBe(true);
    expect(attributeValuesEqual(BOOL(true), BOOL(false))).toBe(false);
    expect(attributeValuesEqual(NULL, NULL)).toBe(true);
    expect(attributeValuesEqual(NULL, BOOL(false))).toBe(false);
  });
});
