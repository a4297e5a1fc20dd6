/**
 * What the query workspace offers the command palette: adding a pane, each
 * access pattern of the linked model, and for every pane its actions (run,
 * flip the direction, load more, new item, duplicate, close) and those of the
 * item it has highlighted or selected (edit, copy, delete).
 */
import type { WireItem } from '@dynotable/core';
import type { Command } from '../app/CommandPalette.js';
import { usePaletteActions } from '../app/palette-actions.js';
import { cellText } from './cell-format.js';
import { copyToClipboard } from './clipboard.js';
import { keyOf } from './item-keys.js';
import { exampleArguments, paneForPattern, tablePatterns } from './model-link/pattern-panes.js';
import type { LinkedModel } from './model-link/use-model-link.js';
import type { QueryState } from './query-state.js';

export interface WorkspaceActionsInput {
  readonly table: string;
  readonly canAddPane: boolean;
  readonly addPane: () => void;
  readonly linked: LinkedModel | undefined;
  readonly openPatternPanes: (panes: readonly QueryState[]) => void;
}

/** Planning every pattern at each render would be wasted: a linked model's patterns are planned once. */
const planned = new WeakMap<LinkedModel, ReturnType<typeof tablePatterns>>();
function patternsOf(linked: LinkedModel): ReturnType<typeof tablePatterns> {
  let patterns = planned.get(linked);
  if (patterns === undefined) {
    patterns = tablePatterns(linked);
    planned.set(linked, patterns);
  }
  return patterns;
}

export function workspaceActions(input: WorkspaceActionsInput): Command[] {
  const actions: Command[] = [];
  if (input.canAddPane) actions.push({ id: 'add-pane', group: 'Panes', label: `Add pane to ${input.table}`, run: input.addPane });
  const linked = input.linked;
  if (linked === undefined) return actions;
  for (const { pattern, plan } of patternsOf(linked)) {
    actions.push({
      id: `pattern:${pattern.name}`,
      group: 'Access pattern',
      label: `${pattern.name} · ${pattern.question}`,
      // As the pattern list's "Open as a pane" does, with the model's example arguments.
      run: () => input.openPatternPanes([paneForPattern(linked, plan, exampleArguments(linked.model, plan))]),
    });
  }
  return actions;
}

export interface PaneActionsInput {
  readonly number: number;
  readonly state: QueryState;
  readonly onChange: (state: QueryState) => void;
  readonly operation: 'Query' | 'Scan';
  /** Absent while the query has a problem to fix. */
  readonly run: (() => void) | undefined;
  /** Whether LastEvaluatedKey came back and nothing is loading. */
  readonly canLoadMore: boolean;
  readonly more: (all: boolean) => void;
  readonly newItem: () => void;
  readonly duplicate: () => void;
  readonly remove: (() => void) | undefined;
  readonly keyNames: readonly string[];
  /** The item highlighted in the pane (clicked, or reached with the keyboard). */
  readonly item: WireItem | undefined;
  readonly openItem: (item: WireItem) => void;
  /** The selected items' primary keys. */
  readonly selected: readonly WireItem[];
  readonly deleteKeys: (keys: readonly WireItem[]) => void;
}

function keyLabel(key: WireItem): string {
  return Object.entries(key)
    .map(([name, value]) => `${name} ${cellText(value)}`)
    .join(', ');
}

export function paneActions(input: PaneActionsInput): Command[] {
  const group = `Pane ${input.number}`;
  const action = (id: string, label: string, run: () => void): Command => ({ id: `pane:${input.number}:${id}`, group, label, run });
  const actions: Command[] = [];
  if (input.run !== undefined) actions.push(action('run', `Run ${input.operation}`, input.run));
  if (input.state.mode === 'query') {
    const next = input.state.forward ? 'descending' : 'ascending';
    actions.push(action('flip', `Flip direction (to ${next})`, () => input.onChange({ ...input.state, forward: !input.state.forward })));
  }
  if (input.canLoadMore) {
    actions.push(action('next', 'Load the next page', () => input.more(false)));
    actions.push(action('all', 'Load all pages', () => input.more(true)));
  }
  actions.push(action('new-item', 'New item', input.newItem));
  actions.push(action('duplicate', 'Duplicate pane', input.duplicate));
  if (input.remove !== undefined) actions.push(action('close', 'Close pane', input.remove));
  const item = input.item;
  const key = item !== undefined ? keyOf(item, input.keyNames) : undefined;
  if (item !== undefined && key !== undefined) {
    const named = keyLabel(key);
    actions.push(action('edit-item', `Edit item ${named}`, () => input.openItem(item)));
    actions.push(action('copy-item', `Copy item ${named} as JSON`, () => void copyToClipboard(JSON.stringify(item, null, 2))));
    actions.push(action('delete-item', `Delete item ${named}…`, () => input.deleteKeys([key])));
  }
  if (input.selected.length > 0) {
    const count = input.selected.length;
    actions.push(action('delete-selected', `Delete the ${count.toLocaleString('en-US')} selected item${count === 1 ? '' : 's'}…`, () => input.deleteKeys(input.selected)));
  }
  return actions;
}

/** One pane's actions in the palette while it is mounted. */
export function usePanePaletteActions(input: PaneActionsInput): void {
  usePaletteActions(paneActions(input));
}

/** The workspace's own actions (add a pane, the access patterns) in the palette. */
export function useWorkspacePaletteActions(input: WorkspaceActionsInput): void {
  usePaletteActions(workspaceActions(input));
}
