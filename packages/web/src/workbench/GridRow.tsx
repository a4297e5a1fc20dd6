/** One row of the item grid; memoized, so scrolling renders only the rows that come into view. */
import { memo, type MouseEvent } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { WireItem } from '@dynotable/core';
import { cellText, hoverText, wireTypeOf } from './cell-format.js';
import type { GridColumn } from './grid-columns.js';
import { EntityCell, type ItemNote } from './model-link/EntityCell.js';

export const ROW_HEIGHT = 28;
export const SELECT_WIDTH = 36;

interface GridRowProps {
  readonly position: number;
  readonly item: WireItem;
  readonly selectable: boolean;
  readonly selected: boolean;
  readonly highlighted: boolean;
  /** The item a write just made or moved: marked by more than colour, and said to screen readers. */
  readonly justWritten?: boolean;
  /** The active column when this row holds the active cell, else -1. */
  readonly activeCol: number;
  /** Vertical offset inside the body. */
  readonly top: number;
  readonly width: number;
  /** Pinned columns (kept at the left) and their widths. */
  readonly pinned: readonly GridColumn[];
  readonly pinnedWidths: readonly number[];
  /** The other columns, of which `virtualCols` are in view. */
  readonly columns: readonly GridColumn[];
  readonly virtualCols: readonly VirtualItem[];
  readonly idPrefix: string;
  readonly onCellClick: (event: MouseEvent, position: number, col: number) => void;
  readonly onCellMenu: (event: MouseEvent, position: number, col: number) => void;
  readonly onSelectClick: (position: number, shift: boolean) => void;
  /** With a linked model: the item's entity and what disagrees with the model. */
  readonly note?: ItemNote | undefined;
  readonly onRepair?: ((position: number) => void) | undefined;
}

export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { position, item, selectable, selected, highlighted, justWritten, activeCol, top, width, pinned, pinnedWidths, columns, virtualCols, idPrefix, onCellClick, onCellMenu, onSelectClick, note, onRepair } = props;
  // The entity column, when there is one, comes before the attributes.
  const shift = note !== undefined ? 1 : 0;
  const classes = `wb-tr${position % 2 === 1 ? ' wb-odd' : ''}${selected ? ' wb-selected' : ''}${highlighted ? ' wb-highlight' : ''}${justWritten === true ? ' wb-just-written' : ''}`;
  /** `col` counts from 1 (0 is the selection column); `left` is undefined inside the pinned block. */
  const cell = (column: GridColumn, col: number, left: number | undefined, cellWidth: number) => {
    const value = item[column.name];
    const type = value === undefined ? undefined : wireTypeOf(value);
    const tagged = type !== undefined && (type !== column.types[0] || column.types.length > 1);
    const text = value === undefined ? '' : cellText(value);
    return (
      <div
        key={column.name}
        role="gridcell"
        aria-colindex={col + 1 + shift}
        id={`${idPrefix}-r${position}-c${col}`}
        className={`wb-td${type === undefined ? ' wb-absent' : ` wb-type-${type}`}${activeCol === col ? ' wb-active' : ''}`}
        style={{ left, width: cellWidth }}
        title={value === undefined ? undefined : hoverText(value)}
        onClick={(event) => onCellClick(event, position, col)}
        onContextMenu={(event) => onCellMenu(event, position, col)}
      >
        {value === undefined ? '' : tagged ? <TypedValue type={type} text={text} /> : text}
      </div>
    );
  };
  return (
    <div
      role="row"
      aria-rowindex={position + 2}
      aria-selected={selected}
      aria-description={justWritten === true ? 'Just written' : undefined}
      className={classes}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT, width }}
    >
      <div className={pinned.length > 0 ? 'wb-lead wb-lead-pinned' : 'wb-lead'}>
        <div role="gridcell" aria-colindex={1} id={`${idPrefix}-r${position}-c0`} className={`wb-td wb-select${activeCol === 0 ? ' wb-active' : ''}`} style={{ width: SELECT_WIDTH }}>
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label="Select this item"
            checked={selected}
            disabled={!selectable}
            onClick={(event) => {
              event.preventDefault();
              onSelectClick(position, event.shiftKey);
            }}
            onChange={() => undefined}
          />
        </div>
        {note !== undefined && <EntityCell note={note} colIndex={2} left={SELECT_WIDTH} onRepair={onRepair !== undefined ? () => onRepair(position) : undefined} />}
        {pinned.map((column, index) => cell(column, index + 1, undefined, pinnedWidths[index]!))}
      </div>
      {virtualCols.map((virtualCol) => {
        const column = columns[virtualCol.index];
        return column === undefined ? null : cell(column, pinned.length + virtualCol.index + 1, virtualCol.start, virtualCol.size);
      })}
    </div>
  );
});

function TypedValue({ type, text }: { readonly type: string; readonly text: string }) {
  return (
    <>
      <span className="wb-type-tag">{type}</span> {text}
    </>
  );
}
