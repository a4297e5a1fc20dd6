// End-to-end through the expression parser: DynamoDB text in, evaluated result out.
// Expected results confirmed on DynamoDB Local with the same expressions.
import { describe, expect, it } from 'vitest';
import { applyUpdate, evaluateCondition, parseCondition, parseProjection, parseUpdate, projectItem } from '@dynotable/core';
import type { Item } from '@dynotable/core';
import { L, M, N, S, SS } from './builders.js';

const item: Item = { a: N('1'), b: N('2'), l: L(S('l0'), S('l1'), S('l2')), m: M({ x: N('1') }), ss: SS('a', 'b') };

describe('with parsed expressions', () => {
  it('evaluates a filter', () => {
    const condition = parseCondition('#a < :two AND contains(ss, :s) AND size(l) = :three', 'FilterExpression', {
      names: { '#a': 'a' },
      values: { ':two': N('2'), ':s': S('a'), ':three': N('3') },
    });
    expect(evaluateCondition(condition, item)).toBe(true);
    expect(evaluateCondition(condition, undefined)).toBe(false);
  });

  it('applies an update', () => {
    const node = parseUpdate('SET a = b, b = a, l[7] = :v REMOVE l[0] ADD m.y :one DELETE ss :s', {
      values: { ':v': S('new'), ':one': N('1'), ':s': SS('a') },
    });
    expect(applyUpdate(node, item)).toEqual({ a: N('2'), b: N('1'), l: L(S('l1'), S('l2'), S('new')), m: M({ x: N('1'), y: N('1') }), ss: SS('b') });
  });

  it('projects', () => {
    expect(projectItem(parseProjection('l[2], m.x, l[0]'), item)).toEqual({ l: L(S('l0'), S('l2')), m: M({ x: N('1') }) });
  });
});
