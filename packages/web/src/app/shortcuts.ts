/**
 * The keyboard: Ctrl/Cmd-K anywhere; single keys only when the person is not
 * typing (see shortcut-guard.ts) and no part of the page already handled the key.
 */
import { useEffect, useRef } from 'react';
import { focusPlaceOf, isPaletteKey, phaseAfterFocus, singleKeyAllowed, type PalettePhase } from './shortcut-guard.js';

export interface Shortcuts {
  readonly palette: () => void;
  /** Key (as KeyboardEvent.key) to action, for single-key shortcuts. */
  readonly keys: Readonly<Record<string, () => void>>;
  readonly paletteOpen: boolean;
}

export function useShortcuts(shortcuts: Shortcuts): void {
  const phase = useRef<PalettePhase>('closed');
  // The palette's phase follows it: open, then closing until focus settles outside text fields.
  useEffect(() => {
    if (shortcuts.paletteOpen) phase.current = 'open';
    else if (phase.current === 'open') phase.current = 'closing';
  }, [shortcuts.paletteOpen]);

  useEffect(() => {
    const settle = (event: Event) => {
      phase.current = phaseAfterFocus(phase.current, focusPlaceOf(event.target, document));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (isPaletteKey(event)) {
        event.preventDefault();
        shortcuts.palette();
        return;
      }
      if (!singleKeyAllowed(event, focusPlaceOf(event.target, document), phase.current)) return;
      const action = shortcuts.keys[event.key];
      if (action === undefined) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('focusin', settle);
    window.addEventListener('pointerdown', settle);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('focusin', settle);
      window.removeEventListener('pointerdown', settle);
    };
  }, [shortcuts]);
}
