/** Each tab is kept with its panes: the list reads back as written, and bad storage gives no tabs rather than an error. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTabs, encodeTabs, tabPath, type SavedTab } from '../../src/app/tab-state.js';
import { areaScope, tabScope } from '../../src/app/work-scopes.js';
import { decodePanes, encodePanes } from '../../src/workbench/pane-url.js';
import { DEFAULT_QUERY_STATE } from '../../src/workbench/query-state.js';

const name = fc.string({ minLength: 1, maxLength: 20 });
const tab: fc.Arbitrary<SavedTab> = fc.oneof(
  fc.record({ connectionId: name, table: name }),
  fc.record({ connectionId: name, table: name, panes: fc.string({ minLength: 1 }) }),
);

describe('the tabs as kept', () => {
  it('read back as written, panes included', () => {
    fc.assert(
      fc.property(fc.uniqueArray(tab, { selector: (t) => JSON.stringify([t.connectionId, t.table]) }), (tabs) => {
        expect(decodeTabs(encodeTabs(tabs))).toEqual(tabs);
      }),
    );
  });

  it('keep two tabs of one table apart by their panes', () => {
    const scan = encodePanes([DEFAULT_QUERY_STATE]);
    const query = encodePanes([{ ...DEFAULT_QUERY_STATE, mode: 'query', partitionValue: 'ACTOR#1' }, DEFAULT_QUERY_STATE]);
    const tabs = decodeTabs(encodeTabs([{ connectionId: 'e', table: 'AuditLog', panes: query }, { connectionId: 'e', table: 'TicketDesk', panes: scan }]));
    expect(decodePanes(tabs[0]!.panes)?.map((pane) => pane.mode)).toEqual(['query', 'scan']);
    expect(decodePanes(tabs[1]!.panes)?.map((pane) => pane.mode)).toEqual(['scan']);
  });

  it('read what older versions kept (no panes) and skip what cannot be read', () => {
    expect(decodeTabs('[{"connectionId":"e","table":"A"}]')).toEqual([{ connectionId: 'e', table: 'A' }]);
    expect(decodeTabs('not json')).toEqual([]);
    expect(decodeTabs('{"a":1}')).toEqual([]);
    expect(decodeTabs(null)).toEqual([]);
    expect(decodeTabs('[1, null, {"table":"A"}, {"connectionId":"e","table":"A","panes":7}, {"connectionId":"e","table":"A"}]')).toEqual([{ connectionId: 'e', table: 'A' }]);
  });

  it('link to the table with its panes', () => {
    expect(tabPath({ connectionId: 'e', table: 'AuditLog' })).toBe('/c/e/t/AuditLog');
    const panes = encodePanes([{ ...DEFAULT_QUERY_STATE, mode: 'query' }]);
    const path = tabPath({ connectionId: 'e', table: 'AuditLog', panes });
    expect(new URLSearchParams(path.slice(path.indexOf('?'))).get('panes')).toBe(panes);
  });

  it('scope their work by tab, and areas apart', () => {
    expect(tabScope({ connectionId: 'e', table: 'A' })).toBe('tables/e/A/');
    // One table's scope is not the start of another's.
    expect(tabScope({ connectionId: 'e', table: 'AB' }).startsWith(tabScope({ connectionId: 'e', table: 'A' }))).toBe(false);
    expect(tabScope({ connectionId: 'a/b', table: 'T' })).toBe('tables/a%2Fb/T/');
    expect(areaScope({ view: 'design', page: 'model' })).toBe('design/');
    expect(areaScope({ view: 'table', connectionId: 'e', table: 'A' })).toBe('tables/');
  });
});
