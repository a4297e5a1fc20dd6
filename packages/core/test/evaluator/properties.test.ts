import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyUpdate, attributeValuesEqual, evaluateCondition, projectItem, resolvePath } from '@dynotable/core';
import type { Condition, Item, UpdateNode } from '@dynotable/core';
import { conditionArb, itemArb, operandArb, pathArb, scalarArb, valueArb } from './arbitraries.js';

const maybeItem = fc.option(itemArb, { nil: undefined });

/** A deep, independent snapshot (bytes included) to detect mutation. */
function snapshot(item: Item | undefined): unknown {
  return structuredClone(item);
}

describe('condition algebra', () => {
  it('NOT c is the negation of c', () => {
    fc.assert(fc.property(conditionArb, maybeItem, (condition, item) => {
      expect(evaluateCondition({ kind: 'not', operand: condition }, item)).toBe(!evaluateCondition(condition, item));
    }));
  });

  it('a BETWEEN x AND y is a >= x AND a <= y', () => {
    fc.assert(fc.property(operandArb, operandArb, operandArb, maybeItem, (operand, low, high, item) => {
      const between: Condition = { kind: 'between', operand, low, high };
      const both: Condition = {
        kind: 'and',
        left: { kind: 'compare', operator: '>=', left: operand, right: low },
        right: { kind: 'compare', operator: '<=', left: operand, right: high },
      };
      expect(evaluateCondition(between, item)).toBe(evaluateCondition(both, item));
    }));
  });

  it('a <> b is NOT a = b, and a IN (b) is a = b', () => {
    fc.assert(fc.property(operandArb, operandArb, maybeItem, (left, right, item) => {
      const equal = evaluateCondition({ kind: 'compare', operator: '=', left, right }, item);
      expect(evaluateCondition({ kind: 'compare', operator: '<>', left, right }, item)).toBe(!equal);
      expect(evaluateCondition({ kind: 'in', operand: left, list: [right] }, item)).toBe(equal);
    }));
  });

  it('a < b is b > a, and a <= b means a < b or a = b', () => {
    fc.assert(fc.property(operandArb, operandArb, maybeItem, (left, right, item) => {
      const less = evaluateCondition({ kind: 'compare', operator: '<', left, right }, item);
      expect(evaluateCondition({ kind: 'compare', operator: '>', left: right, right: left }, item)).toBe(less);
      const equal = evaluateCondition({ kind: 'compare', operator: '=', left, right }, item);
      // Not the converse: equal sets, lists or maps are not ordered, so `<=` is false for them.
      if (evaluateCondition({ kind: 'compare', operator: '<=', left, right }, item)) expect(less || equal).toBe(true);
    }));
  });

  it('scalars of one type are totally ordered: exactly one of <, =, > holds', () => {
    fc.assert(fc.property(scalarArb, scalarArb, (x, y) => {
      fc.pre(Object.keys(x)[0] === Object.keys(y)[0]);
      const holds = (['<', '=', '>'] as const).filter((operator) =>
        evaluateCondition({ kind: 'compare', operator, left: { kind: 'value', value: x }, right: { kind: 'value', value: y } }, undefined));
      expect(holds).toHaveLength(1);
    }));
  });

  it('attribute_exists(p) is true exactly when the path resolves', () => {
    fc.assert(fc.property(pathArb, maybeItem, (path, item) => {
      expect(evaluateCondition({ kind: 'call', name: 'attribute_exists', args: [path] }, item)).toBe(resolvePath(item, path) !== undefined);
    }));
  });

  it('equality is reflexive and symmetric', () => {
    fc.assert(fc.property(valueArb, valueArb, (x, y) => {
      expect(attributeValuesEqual(x, structuredClone(x))).toBe(true);
      expect(attributeValuesEqual(x, y)).toBe(attributeValuesEqual(y, x));
    }));
  });
});

const setActionArb = fc.record({ path: pathArb, value: operandArb });
const updateArb: fc.Arbitrary<UpdateNode> = fc.record({
  kind: fc.constant('update' as const),
  set: fc.array(setActionArb, { maxLength: 3 }),
  remove: fc.array(pathArb, { maxLength: 2 }),
  add: fc.array(fc.record({ path: pathArb, value: valueArb.map((value) => ({ kind: 'value' as const, value })) }), { maxLength: 2 }),
  delete: fc.array(fc.record({ path: pathArb, value: valueArb.map((value) => ({ kind: 'value' as const, value })) }), { maxLength: 2 }),
});

describe('update algebra', () => {
  it('never mutates the input item or the update tree, even when it fails', () => {
    fc.assert(fc.property(updateArb, maybeItem, (node, item) => {
      const before = snapshot(item);
      const tree = structuredClone(node);
      try {
        applyUpdate(node, item);
      } catch {
        // Errors are fine here; only mutation is not.
      }
      expect(item).toEqual(before);
      expect(node).toEqual(tree);
    }));
  });

  it('the result shares no objects with the input', () => {
    fc.assert(fc.property(itemArb, (item) => {
      const before = snapshot(item);
      const result = applyUpdate({ kind: 'update', set: [], remove: [], add: [], delete: [] }, item);
      expect(result).toEqual(item);
      for (const value of Object.values(result)) if ('L' in value) value.L.push({ NULL: true });
      expect(item).toEqual(before);
    }));
  });

  it('SET of a fresh attribute then REMOVE of it leaves the item unchanged', () => {
    fc.assert(fc.property(itemArb, valueArb, (item, value) => {
      const fresh = { kind: 'path' as const, elements: [{ type: 'name' as const, name: 'fresh' }] };
      const withFresh = applyUpdate({ kind: 'update', set: [{ path: fresh, value: { kind: 'value', value } }], remove: [], add: [], delete: [] }, item);
      expect(resolvePath(withFresh, fresh)).toBeDefined();
      expect(applyUpdate({ kind: 'update', set: [], remove: [fresh], add: [], delete: [] }, withFresh)).toEqual(item);
    }));
  });

  it('SET p = p leaves the item unchanged wherever p exists', () => {
    fc.assert(fc.property(itemArb, pathArb, (item, path) => {
      fc.pre(resolvePath(item, path) !== undefined);
      expect(applyUpdate({ kind: 'update', set: [{ path, value: path }], remove: [], add: [], delete: [] }, item)).toEqual(item);
    }));
  });

  it('ADD x then ADD -x gives back an integer', () => {
    fc.assert(fc.property(fc.integer(), fc.integer(), (start, x) => {
      const path = { kind: 'path' as const, elements: [{ type: 'name' as const, name: 'n' }] };
      const add = (n: number): UpdateNode => ({ kind: 'update', set: [], remove: [], add: [{ path, value: { kind: 'value', value: { N: String(n) } } }], delete: [] });
      const item = { n: { N: String(start) } };
      expect(applyUpdate(add(-x), applyUpdate(add(x), item))).toEqual(item);
    }));
  });
});

describe('projection', () => {
  it('projecting every top-level name gives the item back', () => {
    fc.assert(fc.property(itemArb, (item) => {
      const paths = Object.keys(item).map((name) => ({ kind: 'path' as const, elements: [{ type: 'name' as const, name }] }));
      expect(projectItem({ kind: 'projection', paths }, item)).toEqual(item);
    }));
  });

  it('a projected path of map keys reads the same value in the projection as in the item', () => {
    fc.assert(fc.property(itemArb, pathArb, (item, path) => {
      fc.pre(path.elements.every((element) => element.type === 'name'));
      const projected = projectItem({ kind: 'projection', paths: [path] }, item);
      const value = resolvePath(item, path);
      expect(resolvePath(projected, path)).toEqual(value);
      if (value === undefined) expect(projected).toEqual({});
    }));
  });

  it('a projection is empty exactly when its one path finds nothing', () => {
    fc.assert(fc.property(itemArb, pathArb, (item, path) => {
      const projected = projectItem({ kind: 'projection', paths: [path] }, item);
      expect(Object.keys(projected).length === 0).toBe(resolvePath(item, path) === undefined);
    }));
  });
});
