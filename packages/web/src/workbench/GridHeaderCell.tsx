/**
 * One column header: sort by it, move it left or right (or drag it), pin it
 * at the left, hide it, resize it by its right edge. Its types are shown
 * under the name.
 */
import type { DragEvent } from 'react';
import { ColumnResizer } from './ColumnResizer.js';
import type { GridColumn } from './grid-columns.js';
import type { SortSpec } from './grid-sort.js';

interface GridHeaderCellProps {
  readonly column: GridColumn;
  readonly colIndex: number;
  /** Offset in the row; undefined for a pinned column (laid out in the pinned block). */
  readonly left: number | undefined;
  readonly width: number;
  readonly pinned: boolean;
  readonly sort: SortSpec | undefined;
  readonly first: boolean;
  readonly last: boolean;
  readonly onSort: () => void;
  readonly onMove: (delta: -1 | 1) => void;
  readonly onHide: () => void;
  readonly onDropColumn: (name: string) => void;
  readonly onPin: (pinned: boolean) => void;
  readonly onResize: (width: number) => void;
  readonly onFit: () => void;
}

const DRAG_TYPE = 'application/x-dynotable-column';

export function GridHeaderCell({ column, colIndex, left, width, pinned, sort, first, last, onSort, onMove, onHide, onDropColumn, onPin, onResize, onFit }: GridHeaderCellProps) {
  const sorted = sort?.column === column.name ? (sort.descending ? 'descending' : 'ascending') : 'none';
  const accept = (event: DragEvent) => {
    if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
  };
  return (
    <div
      role="columnheader"
      aria-colindex={colIndex}
      aria-sort={sorted}
      className={`wb-th${column.isKey ? ' wb-key-column' : ''}${pinned ? ' wb-pinned' : ''}`}
      style={{ left, width }}
      onDragOver={accept}
      onDrop={(event) => {
        const name = event.dataTransfer.getData(DRAG_TYPE);
        if (name !== '') onDropColumn(name);
      }}
    >
      {/* The name is what drags the column; the edge (outside it) resizes. */}
      <button
        type="button"
        className="wb-th-sort"
        onClick={onSort}
        title={`Sort by ${column.name} in DynamoDB's order (drag to move the column)`}
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, column.name);
          event.dataTransfer.effectAllowed = 'move';
        }}
      >
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
        <button type="button" className="icon-button wb-pin" aria-label={`Pin ${column.name}`} aria-pressed={pinned} title={pinned ? 'Unpin: scroll with the others' : 'Pin at the left: stays in view while scrolling sideways'} onClick={() => onPin(!pinned)}>
          ⇤
        </button>
        <button type="button" className="icon-button" aria-label={`Hide ${column.name}`} onClick={onHide}>
          ×
        </button>
      </span>
      <ColumnResizer name={column.name} width={width} onResize={onResize} onFit={onFit} />
    </div>
  );
}
