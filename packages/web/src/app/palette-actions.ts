/**
 * Actions that parts of the page offer to the command palette while they are
 * mounted (a pane's Run, an item's Edit, a model's access patterns), so the
 * palette lists them without importing those parts. Each registration has a
 * scope: the palette shows the actions of the scope in view (the active
 * tab's) and those of the empty scope, which are always shown.
 */
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Command } from './CommandPalette.js';

interface Registration {
  readonly scope: string;
  readonly actions: readonly Command[];
}

const registrations = new Map<number, Registration>();
const listeners = new Set<() => void>();
let nextKey = 1;
let version = 0;

function changed(): void {
  version++;
  for (const listener of listeners) listener();
}

/** Registers actions under a scope; the returned function takes them back. */
export function registerPaletteActions(scope: string, actions: readonly Command[]): () => void {
  const key = nextKey++;
  registrations.set(key, { scope, actions });
  changed();
  return () => {
    if (registrations.delete(key)) changed();
  };
}

/** The registered actions shown in `scope`, in the order they were registered. */
export function paletteActions(scope: string): Command[] {
  const shown: Command[] = [];
  for (const { scope: own, actions } of registrations.values()) {
    if (own === '' || own === scope) shown.push(...actions);
  }
  return shown;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders when the registered actions change; answers those shown in `scope`. */
export function useRegisteredActions(scope: string): Command[] {
  useSyncExternalStore(subscribe, () => version);
  return paletteActions(scope);
}

/** The scope that the actions of the components below register under (a tab's, see tabs.ts). */
export const PaletteScope = createContext('');

/** What tells one list of actions from another: a new run function alone is not a change. */
function signature(actions: readonly Command[]): string {
  return JSON.stringify(actions.map(({ id, group, label, shortcut }) => [id, group, label, shortcut ?? '']));
}

/**
 * Offers `actions` to the palette while the component is mounted, under the
 * scope of its place in the page. Actions run the component's latest
 * functions; they are registered again only when their names change, so
 * rendering does not churn the palette.
 */
export function usePaletteActions(actions: readonly Command[]): void {
  const scope = useContext(PaletteScope);
  const latest = useRef(actions);
  latest.current = actions;
  const names = signature(actions);
  useEffect(() => {
    const runLatest = (id: string) => () => latest.current.find((action) => action.id === id)?.run();
    return registerPaletteActions(
      scope,
      latest.current.map((action) => ({ ...action, run: runLatest(action.id) })),
    );
  }, [scope, names]);
}
