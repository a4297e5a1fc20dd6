/**
 * The keyboard: Ctrl/Cmd-K anywhere; single keys when no field has focus
 * (and no part of the page already handled the key).
 */
import { useEffect } from 'react';

export interface Shortcuts {
  readonly palette: () => void;
  /** Key (as KeyboardEvent.key) to action, for single-key shortcuts. */
  readonly keys: Readonly<Record<string, () => void>>;
}

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('dialog') !== null;
}

export function useShortcuts(shortcuts: Shortcuts): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        shortcuts.palette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      const action = shortcuts.keys[event.key];
      if (action === undefined) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcuts]);
}
