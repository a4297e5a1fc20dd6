/** Every discovered column: a box to show or hide it, one to pin it at the left, and a button to fit its width to its values. */
import type { ColumnLayout, GridColumn } from './grid-columns.js';

interface ColumnsMenuProps {
  readonly columns: readonly GridColumn[];
  readonly layout: ColumnLayout;
  readonly pinned: readonly string[];
  readonly onToggle: (name: string, hidden: boolean) => void;
  readonly onPin: (name: string, pinned: boolean) => void;
  readonly onFit: (column: GridColumn) => void;
}

export function ColumnsMenu({ columns, layout, pinned, onToggle, onPin, onFit }: ColumnsMenuProps) {
  const hidden = layout.hidden.filter((name) => columns.some((column) => column.name === name)).length;
  return (
    <details className="wb-columns-menu">
      <summary>
        Columns ({columns.length - hidden} of {columns.length} shown)
      </summary>
      <div className="wb-menu-body">
        <button type="button" disabled={columns.length === 0} onClick={() => columns.forEach(onFit)}>
          Fit every column to its values
        </button>
        <ul>
          {columns.map((column) => (
            <li key={column.name} className="wb-row">
              <label className="wb-check">
                <input type="checkbox" aria-label={`Show column ${column.name}`} checked={!layout.hidden.includes(column.name)} onChange={(event) => onToggle(column.name, !event.target.checked)} />
                {column.name} <span className="muted">{column.types.join(' | ')}</span>
              </label>
              <label className="wb-check">
                <input type="checkbox" aria-label={`Pin column ${column.name}`} checked={pinned.includes(column.name)} onChange={(event) => onPin(column.name, event.target.checked)} />
                pin
              </label>
              <button type="button" className="link-button" aria-label={`Fit column ${column.name}`} onClick={() => onFit(column)}>
                fit
              </button>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
