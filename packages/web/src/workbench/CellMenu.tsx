/**
 * The grid's context menu (right-click, Shift+F10 or the menu key on a
 * cell): a menu of actions at the pointer or the cell, kept in the viewport.
 * Arrow keys move, Enter or Space acts, Escape or Tab closes.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export interface MenuAction {
  readonly label: string;
  readonly run: () => void;
  readonly disabled?: boolean;
}

interface CellMenuProps {
  readonly label: string;
  readonly at: { readonly x: number; readonly y: number };
  readonly actions: readonly MenuAction[];
  /** `refocus`: give the focus back to the grid (not when the focus went elsewhere by itself). */
  readonly onClose: (refocus: boolean) => void;
}

const MARGIN = 8;

export function CellMenu({ label, at, actions, onClose }: CellMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | undefined>(undefined);
  const [current, setCurrent] = useState(() => Math.max(0, actions.findIndex((action) => action.disabled !== true)));

  useLayoutEffect(() => {
    const element = menu.current;
    if (element === null) return;
    const { width, height } = element.getBoundingClientRect();
    setPlace({
      left: Math.max(MARGIN, Math.min(at.x, window.innerWidth - width - MARGIN)),
      top: Math.max(MARGIN, Math.min(at.y, window.innerHeight - height - MARGIN)),
    });
  }, [at.x, at.y]);

  useLayoutEffect(() => {
    menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[current]?.focus();
  }, [current, place]);

  // A press anywhere else closes the menu.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || menu.current?.contains(event.target) !== true) close.current(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, []);

  const step = (from: number, delta: number) => {
    for (let offset = 1; offset <= actions.length; offset++) {
      const next = (from + delta * offset + actions.length * offset) % actions.length;
      if (actions[next]?.disabled !== true) return next;
    }
    return from;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => setCurrent((index) => step(index, 1)),
      ArrowUp: () => setCurrent((index) => step(index, -1)),
      Home: () => setCurrent(step(-1, 1)),
      End: () => setCurrent(step(actions.length, -1)),
      Escape: () => onClose(true),
      Tab: () => onClose(true),
    };
    const key = keys[event.key];
    if (key === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    key();
  };

  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      className="wb-cell-menu"
      style={place === undefined ? { left: at.x, top: at.y, visibility: 'hidden' } : place}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget)) onClose(false);
      }}
    >
      {actions.map((action, index) => (
        <button
          key={action.label}
          type="button"
          role="menuitem"
          tabIndex={index === current ? 0 : -1}
          disabled={action.disabled}
          onClick={() => {
            onClose(true);
            action.run();
          }}
        >
          {action.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
