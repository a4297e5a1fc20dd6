/** One column header: sort by it, move it left or right (or drag it), hide it. Its types are shown under the name. */
import type { DragEvent } from 'react';
import type { GridColumn } from './grid-columns.js';
import type { SortSpec } from './grid-sort.js';

interface GridHeaderCellProps {
  readonly column: GridColumn;
  readonly colIndex: number;
  readonly left: number;
  readonly width: number;
  readonly sort: SortSpec | undefined;
  readonly first: boolean;
  readonly last: boolean;
  readonly onSort: () => void;
  readonly onMove: (delta: -1 | 1) => void;
  readonly onHide: () => void;
  readonly onDropColumn: (name: string) => void;
}

const DRAG_TYPE = 'application/x-dynotable-column';

export function GridHeaderCell({ column, colIndex, left, width, sort, first, last, onSort, onMove, onHide, onDropColumn }: GridHeaderCellProps) {
  const sorted = sort?.column === column.name ? (sort.descending ? 'descending' : 'ascending') : 'none';
  const accept = (event: DragEvent) => {
    if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
  };
  return (
    <div
      role="columnheader"
      aria-colindex={colIndex}
      aria-sort={sorted}
      className={column.isKey ? 'wb-th wb-key-column' : 'wb-th'}
      style={{ left, width }}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, column.name);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={accept}
      onDrop={(event) => {
        const name = event.dataTransfer.getData(DRAG_TYPE);
        if (name !== '') onDropColumn(name);
      }}
    >
      <button type="button" className="wb-th-sort" onClick={onSort} title={`Sort by ${column.name} in DynamoDB's order`}>
        <span className="wb-th-name">
          {column.name}
          {sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}
        </span>
        <span className="wb-th-types">
          {column.types.join(' | ')}
          {column.isKey ? ' · key' : ''}
        </span>
      </button>
      <span className="wb-th-actions">
        <button type="button" className="icon-button" aria-label={`Move ${column.name} left`} disabled={first} onClick={() => onMove(-1)}>
          ‹
        </button>
        <button type="button" className="icon-button" aria-label={`Move ${column.name} right`} disabled={last} onClick={() => onMove(1)}>
          ›
        </button>
        <button type="button" className="icon-button" aria-label={`Hide ${column.name}`} onClick={onHide}>
          ×
        </button>
      </span>
    </div>
  );
}
