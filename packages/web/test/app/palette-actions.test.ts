/** The palette's registry: what mounted parts offer, by scope; and the actions a pane offers. */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { parseModel } from '@dynotable/core';
import { buildCommands, type CommandContext } from '../../src/app/commands.js';
import { paletteActions, registerPaletteActions } from '../../src/app/palette-actions.js';
import { paneActions, workspaceActions, type PaneActionsInput } from '../../src/workbench/pane-palette-actions.js';
import { DEFAULT_QUERY_STATE } from '../../src/workbench/query-state.js';

const action = (id: string, label = id) => ({ id, group: 'Test', label, run: vi.fn() });

describe('the palette action registry', () => {
  it('shows the actions of the scope in view and of the empty scope, until they are taken back', () => {
    const takeA = registerPaletteActions('tables/c/A/', [action('a1'), action('a2')]);
    const takeB = registerPaletteActions('tables/c/B/', [action('b1')]);
    const takeAll = registerPaletteActions('', [action('everywhere')]);
    expect(paletteActions('tables/c/A/').map((entry) => entry.id)).toEqual(['a1', 'a2', 'everywhere']);
    expect(paletteActions('tables/c/B/').map((entry) => entry.id)).toEqual(['b1', 'everywhere']);
    takeA();
    takeA(); // twice is harmless
    expect(paletteActions('tables/c/A/').map((entry) => entry.id)).toEqual(['everywhere']);
    takeB();
    takeAll();
    expect(paletteActions('')).toEqual([]);
  });

  it('puts the registered actions in the palette after the table commands', () => {
    const context: CommandContext = {
      route: { view: 'table', connectionId: 'c', table: 'A' },
      connections: [],
      tableNames: [],
      tabs: [],
      registered: [action('pane:1:run', 'Run Query')],
      closeActiveTab: () => {},
      stepTab: () => {},
      deleteTable: () => {},
      addConnection: () => {},
      closeConnection: () => {},
    };
    const ids = buildCommands(context).map((command) => command.id);
    expect(ids.indexOf('pane:1:run')).toBeGreaterThan(ids.indexOf('close-tab'));
    expect(ids.indexOf('pane:1:run')).toBeLessThan(ids.indexOf('theme'));
  });
});

describe('a pane’s actions', () => {
  const input = (fields: Partial<PaneActionsInput> = {}): PaneActionsInput => ({
    number: 2,
    state: { ...DEFAULT_QUERY_STATE, mode: 'query' },
    onChange: vi.fn(),
    operation: 'Query',
    run: vi.fn(),
    canLoadMore: false,
    more: vi.fn(),
    newItem: vi.fn(),
    duplicate: vi.fn(),
    remove: undefined,
    keyNames: ['PK', 'SK'],
    item: undefined,
    openItem: vi.fn(),
    selected: [],
    deleteKeys: vi.fn(),
    ...fields,
  });
  const labels = (fields: Partial<PaneActionsInput> = {}) => paneActions(input(fields)).map((entry) => entry.label);

  it('runs, flips the direction of a Query, makes an item, duplicates', () => {
    const pane = input();
    const actions = paneActions(pane);
    expect(actions.map((entry) => entry.label)).toEqual(['Run Query', 'Flip direction (to descending)', 'New item', 'Duplicate pane']);
    expect(new Set(actions.map((entry) => entry.group))).toEqual(new Set(['Pane 2']));
    actions.find((entry) => entry.id === 'pane:2:flip')!.run();
    expect(pane.onChange).toHaveBeenCalledWith({ ...pane.state, forward: false });
  });

  it('offers only what can be done: no Run with a problem, no flip on a Scan, paging only with more to read, close with another pane', () => {
    expect(labels({ run: undefined, state: DEFAULT_QUERY_STATE, operation: 'Scan' })).toEqual(['New item', 'Duplicate pane']);
    expect(labels({ canLoadMore: true, remove: () => {} })).toEqual(['Run Query', 'Flip direction (to descending)', 'Load the next page', 'Load all pages', 'New item', 'Duplicate pane', 'Close pane']);
  });

  it('acts on the highlighted item and the selection', () => {
    const item = { PK: { S: 'A' }, SK: { S: '1' }, score: { N: '5' } };
    const pane = input({ item, selected: [{ PK: { S: 'A' }, SK: { S: '1' } }, { PK: { S: 'B' }, SK: { S: '2' } }] });
    const actions = paneActions(pane);
    expect(actions.map((entry) => entry.label).slice(-4)).toEqual(['Edit item PK A, SK 1', 'Copy item PK A, SK 1 as JSON', 'Delete item PK A, SK 1…', 'Delete the 2 selected items…']);
    actions.find((entry) => entry.id === 'pane:2:edit-item')!.run();
    expect(pane.openItem).toHaveBeenCalledWith(item);
    actions.find((entry) => entry.id === 'pane:2:delete-item')!.run();
    expect(pane.deleteKeys).toHaveBeenCalledWith([{ PK: { S: 'A' }, SK: { S: '1' } }]);
  });
});

describe('the workspace’s actions', () => {
  const auditLog = { model: parseModel(readFileSync(new URL('../../../../examples/audit-log.yaml', import.meta.url), 'utf8')), modelTable: 'AuditLog' };

  it('add a pane while there is room, and open each access pattern of the linked model as a pane', () => {
    const openPatternPanes = vi.fn();
    const input = { table: 'AuditLog', canAddPane: true, addPane: vi.fn(), linked: auditLog, openPatternPanes };
    const actions = workspaceActions(input);
    expect(actions.map((entry) => entry.label)).toEqual([
      'Add pane to AuditLog',
      'listActorEvents · list events of an actor, newest first',
      'actorEventsInWindow · events of an actor between two times',
    ]);
    actions[1]!.run();
    const [panes] = openPatternPanes.mock.calls[0] as [{ pattern: string; mode: string; keyText: string }[]];
    expect(panes.map(({ pattern, mode }) => ({ pattern, mode }))).toEqual([{ pattern: 'listActorEvents', mode: 'query' }]);
    // The model's example actor, as the pattern list starts with.
    expect(panes[0]!.keyText).toContain('ACTOR#u_8814');
    expect(workspaceActions({ ...input, canAddPane: false, linked: undefined })).toEqual([]);
  });
});
