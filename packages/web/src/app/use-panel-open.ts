/**
 * Whether a collapsible panel is open, remembered in localStorage, so a
 * panel closed to make room stays closed across reloads and tables.
 */
import { useCallback, useState } from 'react';

const PREFIX = 'dynotable.panel.';

function stored(name: string, fallback: boolean): boolean {
  try {
    const value = window.localStorage.getItem(`${PREFIX}${name}`);
    return value === 'open' ? true : value === 'closed' ? false : fallback;
  } catch {
    return fallback;
  }
}

/** [open, setOpen] for the panel `name`; `fallback` until the person opens or closes it. */
export function usePanelOpen(name: string, fallback: boolean): readonly [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => stored(name, fallback));
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      try {
        window.localStorage.setItem(`${PREFIX}${name}`, next ? 'open' : 'closed');
      } catch {
        // Storage refused (private mode, full): the panel still opens and closes, only not remembered.
      }
    },
    [name],
  );
  return [open, setOpen] as const;
}
