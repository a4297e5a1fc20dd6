/** Every discovered column with a box to show or hide it. */
import type { ColumnLayout, GridColumn } from './grid-columns.js';

interface ColumnsMenuProps {
  readonly columns: readonly GridColumn[];
  readonly layout: ColumnLayout;
  readonly onToggle: (name: string, hidden: boolean) => void;
}

export function ColumnsMenu({ columns, layout, onToggle }: ColumnsMenuProps) {
  const hidden = layout.hidden.filter((name) => columns.some((column) => column.name === name)).length;
  return (
    <details className="wb-columns-menu">
      <summary>
        Columns ({columns.length - hidden} of {columns.length} shown)
      </summary>
      <ul>
        {columns.map((column) => (
          <li key={column.name}>
            <label className="wb-check">
              <input type="checkbox" aria-label={`Show column ${column.name}`} checked={!layout.hidden.includes(column.name)} onChange={(event) => onToggle(column.name, !event.target.checked)} />
              {column.name} <span className="muted">{column.types.join(' | ')}</span>
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}
