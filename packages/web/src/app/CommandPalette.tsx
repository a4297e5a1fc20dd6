/**
 * Ctrl/Cmd-K: every action by name, filtered as you type, run with Enter.
 * A combobox over a listbox, so screen readers follow the highlighted action.
 */
import { useId, useMemo, useState } from 'react';
import { Dialog } from './Dialog.js';

export interface Command {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly shortcut?: string;
  readonly run: () => void;
}

function matches(command: Command, words: readonly string[]): boolean {
  const text = `${command.group} ${command.label}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export function CommandPalette({ commands, onClose }: { readonly commands: readonly Command[]; readonly onClose: () => void }) {
  const [text, setText] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const listId = useId();
  const shown = useMemo(() => {
    const words = text.toLowerCase().split(/\s+/).filter((word) => word !== '');
    return commands.filter((command) => matches(command, words));
  }, [commands, text]);
  const current = Math.min(highlighted, shown.length - 1);
  const run = (command: Command | undefined) => {
    if (command === undefined) return;
    onClose();
    command.run();
  };
  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Dialog title="Command palette" onClose={onClose}>
      <input
        className="palette-input"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-label="Type a command"
        placeholder="Type a command or a table name"
        data-autofocus
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setHighlighted(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setHighlighted((current + 1) % Math.max(shown.length, 1));
          else if (event.key === 'ArrowUp') setHighlighted((current - 1 + shown.length) % Math.max(shown.length, 1));
          else if (event.key === 'Enter') run(shown[current]);
          else return;
          event.preventDefault();
        }}
      />
      <ul className="palette-list" role="listbox" id={listId} aria-label="Commands">
        {shown.map((command, index) => (
          <li
            key={command.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            onMouseMove={() => setHighlighted(index)}
            onClick={() => run(command)}
          >
            <span className="palette-group">{command.group}</span>
            <span className="palette-label">{command.label}</span>
            {command.shortcut !== undefined && <kbd>{command.shortcut}</kbd>}
          </li>
        ))}
        {shown.length === 0 && (
          <li role="option" aria-selected="false" aria-disabled="true" className="muted">
            No command matches.
          </li>
        )}
      </ul>
    </Dialog>
  );
}
