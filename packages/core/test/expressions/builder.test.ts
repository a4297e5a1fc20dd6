import { describe, expect, it } from 'vitest';
import { expr, parseFriendly, printExpressions } from '@dynotable/core';

const { path, and, or, not, size, update, set, remove, add, deleteFromSet, plus, minus, ifNotExists, listAppend, projection, value } = expr;

describe('builder', () => {
  it('builds the same condition trees as the friendly parser', () => {
    expect(and(path('PK').eq('ACTOR#u_8814'), path('SK').between('EVT#2026-06-23T00:00:00Z', 'EVT#2026-06-23T23:59:59Z'))).toEqual(
      parseFriendly('key', 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"'),
    );
    expect(
      or(
        not(path('a', 'b', 0).exists()),
        path('status').in('x', 'y'),
        size('tags').gt(3),
        path('SK').beginsWith('MATCH#'),
        path('n').isType('N'),
        path('s').contains(path('t')),
      ),
    ).toEqual(
      parseFriendly(
        'condition',
        'NOT attribute_exists(a.b[0]) OR status IN ("x", "y") OR size(tags) > 3 OR begins_with(SK, "MATCH#") OR attribute_type(n, "N") OR contains(s, t)',
      ),
    );
  });

  it('takes each path step literally: a dot is part of a name', () => {
    expect(path('a.b').get('c').at(2).node).toEqual({
      kind: 'path',
      elements: [
        { type: 'name', name: 'a.b' },
        { type: 'name', name: 'c' },
        { type: 'index', index: 2 },
      ],
    });
  });

  it('converts plain data to values', () => {
    expect(path('v').eq({ n: 1, big: 12345678901234567890n, ok: true, none: null, list: ['x'], tags: new Set(['a']) })).toEqual(
      parseFriendly('condition', 'v = {"n": 1, "big": 12345678901234567890, "ok": true, "none": null, "list": ["x"], "tags": <<"a">>}'),
    );
    expect(path('v').eq(value({ NS: ['1', '2'] }))).toEqual(parseFriendly('condition', 'v = <<1, 2>>'));
    expect(() => path('v').eq(Number.NaN)).toThrow(TypeError);
  });

  it('builds updates and projections', () => {
    const built = update(
      set('views', plus(path('views'), 1)),
      set('left', minus(path('left'), path('used'))),
      set('first', ifNotExists('first', '2026-06-23')),
      set('log', listAppend(path('log'), ['entry'])),
      remove(path('tags', 0)),
      remove(path('meta', 'old')),
      add('counter', 1),
      deleteFromSet('colours', new Set(['red'])),
    );
    expect(built).toEqual(
      parseFriendly(
        'update',
        'SET views = views + 1, left = left - used, first = if_not_exists(first, "2026-06-23"), log = list_append(log, ["entry"]) ' +
          'REMOVE tags[0], meta.old ADD counter 1 DELETE colours <<"red">>',
      ),
    );
    expect(printExpressions({ update: built }).UpdateExpression).toBe(
      'SET #views = #views + :v0, #left = #left - used, #first = if_not_exists(#first, :v1), #log = list_append(#log, :v2) ' +
        'REMOVE tags[0], meta.#old ADD #counter :v0 DELETE colours :v3',
    );
    expect(projection('a', path('b', 1))).toEqual(parseFriendly('projection', 'a, b[1]'));
  });

  it('refuses an empty AND', () => {
    expect(() => and()).toThrow(TypeError);
  });
});
