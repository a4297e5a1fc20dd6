/**
 * The item grid: virtualized rows and columns (100,000 rows scroll
 * smoothly), columns from the attributes present with their types, sort in
 * DynamoDB's order, reorder and hide, cell copy and expansion, row
 * multi-select with shift-click ranges, and the item highlighted across panes.
 *
 * Keyboard: arrows, Home/End, PageUp/PageDown move the active cell; Space
 * selects its row (Shift+Space: the range); Enter (or a double-click) opens
 * the item in the editor when the pane allows it, else expands the value;
 * Shift+Enter expands the value; Ctrl+C copies it; Ctrl+A selects every row.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { WireItem } from '@dynotable/core';
import { CellDetail } from './CellDetail.js';
import { copyText } from './cell-format.js';
import { copyToClipboard } from './clipboard.js';
import { ColumnsMenu } from './ColumnsMenu.js';
import { discoverColumns, EMPTY_LAYOUT, moveColumn, placeColumn, setHidden, visibleColumns, type ColumnLayout } from './grid-columns.js';
import { sortedOrder, type SortSpec } from './grid-sort.js';
import { GridHeaderCell } from './GridHeaderCell.js';
import { GridRow, ROW_HEIGHT, SELECT_WIDTH } from './GridRow.js';
import { keyId, keyOf } from './item-keys.js';
import { ENTITY_WIDTH } from './model-link/EntityCell.js';
import { useItemNotes } from './model-link/item-notes.js';
import type { LinkedModel } from './model-link/use-model-link.js';
import { clickRow, keepLoaded, NO_SELECTION, toggleAll, type RowSelection } from './row-selection.js';

const HEADER_HEIGHT = 44;
const COLUMN_WIDTH = 180;

interface ItemGridProps {
  readonly items: readonly WireItem[];
  /** Changes when the loaded set is replaced or shrinks. */
  readonly version: number;
  /** The table's primary key: identifies an item in every pane. */
  readonly keyNames: readonly string[];
  /** Shown first: the table's key, then the index's. */
  readonly leadingColumns: readonly string[];
  readonly highlighted: string | undefined;
  readonly onHighlight: (id: string | undefined) => void;
  readonly onSelectionChange: (keys: WireItem[]) => void;
  readonly label: string;
  /** Opens the item in the editor (Enter or double-click on a row). */
  readonly onOpenItem?: (item: WireItem) => void;
  /** The table's model: an entity column, and a flag on items whose derived keys disagree with it. */
  readonly linked?: LinkedModel | undefined;
  /** Opens the item to review the repair of its derived keys. */
  readonly onRepairItem?: (item: WireItem) => void;
  /** The row id of the item just written: brought into view wherever the re-read put it, and marked for a moment. */
  readonly justWritten?: string | undefined;
}

interface ActiveCell {
  readonly row: number;
  /** 0 is the selection column. */
  readonly col: number;
}

export function ItemGrid({ items, version, keyNames, leadingColumns, highlighted, onHighlight, onSelectionChange, label, onOpenItem, linked, onRepairItem, justWritten }: ItemGridProps) {
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<ColumnLayout>(EMPTY_LAYOUT);
  const [sort, setSort] = useState<SortSpec | undefined>(undefined);
  const [selection, setSelection] = useState<RowSelection>(NO_SELECTION);
  const [active, setActive] = useState<ActiveCell>({ row: 0, col: 1 });
  const [expanded, setExpanded] = useState(false);

  const columns = useMemo(() => discoverColumns(items, leadingColumns), [items, leadingColumns]);
  const visible = useMemo(() => visibleColumns(columns, layout), [columns, layout]);
  const order = useMemo(() => sortedOrder(items, sort), [items, sort]);
  const ids = useMemo(() => order.map((index) => keyId(items[index]!, keyNames)), [order, items, keyNames]);
  const notes = useItemNotes(items, linked);
  const staleCount = useMemo(() => notes?.reduce((count, note) => count + (note.mismatches.length > 0 ? 1 : 0), 0) ?? 0, [notes]);
  const leadWidth = SELECT_WIDTH + (notes !== undefined ? ENTITY_WIDTH : 0);

  // A new result set keeps only the selected items still loaded.
  useEffect(() => {
    setSelection((current) => keepLoaded(current, new Set(items.map((item) => keyId(item, keyNames)).filter((key): key is string => key !== undefined))));
  }, [version, items, keyNames]);

  const selectionCallback = useRef(onSelectionChange);
  selectionCallback.current = onSelectionChange;
  useEffect(() => {
    const keys: WireItem[] = [];
    if (selection.ids.size > 0) {
      for (const item of items) {
        const itemId = keyId(item, keyNames);
        const key = itemId !== undefined && selection.ids.has(itemId) ? keyOf(item, keyNames) : undefined;
        if (key !== undefined) keys.push(key);
      }
    }
    selectionCallback.current(keys);
  }, [selection, items, keyNames]);

  const rows = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // Few rows beyond the view: a jump (a dragged scrollbar) mounts fewer rows per frame.
    overscan: 5,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const cols = useVirtualizer({
    horizontal: true,
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => COLUMN_WIDTH,
    overscan: 3,
    paddingStart: leadWidth,
    scrollPaddingStart: leadWidth,
  });

  // The item highlighted in another pane is brought into view here too (once, not at every page loaded).
  const idsNow = useRef(ids);
  idsNow.current = ids;
  useEffect(() => {
    if (highlighted === undefined) return;
    const position = idsNow.current.indexOf(highlighted);
    if (position >= 0) rows.scrollToIndex(position, { align: 'auto' });
  }, [highlighted, rows]);
  // The item just written, once the re-read has put it in place (a new version).
  useEffect(() => {
    if (justWritten === undefined) return;
    const position = idsNow.current.indexOf(justWritten);
    if (position >= 0) rows.scrollToIndex(position, { align: 'center' });
  }, [justWritten, version, rows]);

  const activeRow = Math.min(active.row, Math.max(0, order.length - 1));
  const activeCol = Math.min(active.col, visible.length);
  const activeItem = items[order[activeRow] ?? -1];
  const activeColumn = activeCol > 0 ? visible[activeCol - 1] : undefined;
  const cellId = (row: number, col: number) => `${id}-r${row}-c${col}`;

  const moveTo = (row: number, col: number) => {
    const nextRow = Math.max(0, Math.min(order.length - 1, row));
    const nextCol = Math.max(0, Math.min(visible.length, col));
    setActive({ row: nextRow, col: nextCol });
    rows.scrollToIndex(nextRow, { align: 'auto' });
    if (nextCol > 0) cols.scrollToIndex(nextCol - 1, { align: 'auto' });
  };

  const select = (position: number, shift: boolean) => setSelection((current) => clickRow(current, ids, position, shift));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || order.length === 0) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 300) / ROW_HEIGHT) - 2);
    const ctrl = event.ctrlKey || event.metaKey;
    const moves: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeRow + 1, activeCol),
      ArrowUp: () => moveTo(activeRow - 1, activeCol),
      ArrowRight: () => moveTo(activeRow, activeCol + 1),
      ArrowLeft: () => moveTo(activeRow, activeCol - 1),
      PageDown: () => moveTo(activeRow + page, activeCol),
      PageUp: () => moveTo(activeRow - page, activeCol),
      Home: () => (ctrl ? moveTo(0, activeCol) : moveTo(activeRow, 1)),
      End: () => (ctrl ? moveTo(order.length - 1, activeCol) : moveTo(activeRow, visible.length)),
      ' ': () => select(activeRow, event.shiftKey),
      Enter: () => {
        onHighlight(ids[activeRow]);
        if (onOpenItem !== undefined && !event.shiftKey && activeItem !== undefined) onOpenItem(activeItem);
        else setExpanded(true);
      },
    };
    if (ctrl && event.key.toLowerCase() === 'c' && activeColumn !== undefined && activeItem !== undefined) {
      const value = activeItem[activeColumn.name];
      if (value !== undefined) void copyToClipboard(copyText(value));
      event.preventDefault();
      return;
    }
    if (ctrl && event.key.toLowerCase() === 'a') {
      setSelection((current) => toggleAll(current, ids));
      event.preventDefault();
      return;
    }
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      move();
    }
  };

  // Stable handlers keep the memoized rows from re-rendering as the grid scrolls.
  const highlight = useRef(onHighlight);
  highlight.current = onHighlight;
  const open = useRef(onOpenItem);
  open.current = onOpenItem;
  const rowItem = useRef((row: number) => items[order[row] ?? -1]);
  rowItem.current = (row: number) => items[order[row] ?? -1];
  const onCellClick = useCallback((event: MouseEvent, row: number, col: number) => {
    setActive({ row, col });
    highlight.current(idsNow.current[row]);
    if (event.detail !== 2) return;
    const item = rowItem.current(row);
    if (open.current !== undefined && item !== undefined) open.current(item);
    else setExpanded(true);
  }, []);
  const repair = useRef(onRepairItem);
  repair.current = onRepairItem;
  const onRepair = useCallback((row: number) => {
    const item = rowItem.current(row);
    if (item !== undefined) repair.current?.(item);
  }, []);
  const onSelectClick = useCallback((position: number, shift: boolean) => {
    setActive({ row: position, col: 0 });
    setSelection((current) => clickRow(current, idsNow.current, position, shift));
  }, []);

  const allSelected = ids.length > 0 && ids.every((rowId) => rowId === undefined || selection.ids.has(rowId));
  const virtualRows = rows.getVirtualItems();
  const virtualCols = cols.getVirtualItems();
  const width = cols.getTotalSize();
  const activeRendered = virtualRows.some((row) => row.index === activeRow) && (activeCol === 0 || virtualCols.some((col) => col.index === activeCol - 1));

  return (
    <div className="wb-grid-wrap">
      <div className="wb-row">
        <ColumnsMenu columns={columns} layout={layout} onToggle={(name, hidden) => setLayout((current) => setHidden(current, name, hidden))} />
        {sort !== undefined && (
          <button type="button" className="link-button" onClick={() => setSort(undefined)}>
            Loaded order
          </button>
        )}
        <span className="muted">
          {order.length.toLocaleString('en-US')} {order.length === 1 ? 'item' : 'items'} loaded{selection.ids.size > 0 ? ` · ${selection.ids.size.toLocaleString('en-US')} selected` : ''}
        </span>
        {staleCount > 0 && (
          <span className="wb-stale-count">
            ⚠ {staleCount.toLocaleString('en-US')} {staleCount === 1 ? 'item disagrees' : 'items disagree'} with the model (derived keys out of step)
          </span>
        )}
      </div>
      <div
        ref={scroller}
        className="wb-grid"
        role="grid"
        aria-label={label}
        aria-rowcount={order.length + 1}
        aria-colcount={visible.length + 1 + (notes !== undefined ? 1 : 0)}
        aria-multiselectable="true"
        aria-activedescendant={activeRendered && order.length > 0 ? cellId(activeRow, activeCol) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <div role="rowgroup" className="wb-grid-head" style={{ width, height: HEADER_HEIGHT }}>
          <div role="row" aria-rowindex={1} className="wb-tr">
            <div role="columnheader" aria-colindex={1} className="wb-th wb-select" style={{ width: SELECT_WIDTH }}>
              <input type="checkbox" aria-label="Select every loaded item" checked={allSelected} onChange={() => setSelection((current) => toggleAll(current, ids))} />
            </div>
            {notes !== undefined && (
              <div role="columnheader" aria-colindex={2} className="wb-th" style={{ left: SELECT_WIDTH, width: ENTITY_WIDTH }} title="The entity of the linked model whose key templates match the item">
                Entity
              </div>
            )}
            {virtualCols.map((virtualCol) => {
              const column = visible[virtualCol.index]!;
              return (
                <GridHeaderCell
                  key={column.name}
                  column={column}
                  colIndex={virtualCol.index + 2 + (notes !== undefined ? 1 : 0)}
                  left={virtualCol.start}
                  width={virtualCol.size}
                  sort={sort}
                  first={virtualCol.index === 0}
                  last={virtualCol.index === visible.length - 1}
                  onSort={() =>
                    setSort((current) =>
                      current?.column !== column.name ? { column: column.name, descending: false } : current.descending ? undefined : { column: column.name, descending: true },
                    )
                  }
                  onMove={(delta) => setLayout((current) => moveColumn(columns, current, column.name, delta))}
                  onHide={() => setLayout((current) => setHidden(current, column.name, true))}
                  onDropColumn={(name) => setLayout((current) => placeColumn(columns, current, name, column.name))}
                />
              );
            })}
          </div>
        </div>
        <div role="rowgroup" className="wb-grid-body" style={{ width, height: rows.getTotalSize() - HEADER_HEIGHT }}>
          {virtualRows.map((virtualRow) => {
            const position = virtualRow.index;
            const rowId = ids[position];
            return (
              <GridRow
                // Keyed by slot, not by row: the rendered rows are consecutive, so a row leaving the
                // view hands its DOM to the one coming in, and a jump rewrites text instead of
                // building every row anew.
                key={position % virtualRows.length}
                position={position}
                item={items[order[position]!]!}
                selectable={rowId !== undefined}
                selected={rowId !== undefined && selection.ids.has(rowId)}
                highlighted={rowId !== undefined && rowId === highlighted}
                justWritten={rowId !== undefined && rowId === justWritten}
                activeCol={activeRow === position ? activeCol : -1}
                top={virtualRow.start - HEADER_HEIGHT}
                width={width}
                columns={visible}
                virtualCols={virtualCols}
                idPrefix={id}
                onCellClick={onCellClick}
                onSelectClick={onSelectClick}
                note={notes?.[order[position]!]}
                onRepair={onRepairItem !== undefined ? onRepair : undefined}
              />
            );
          })}
        </div>
      </div>
      {expanded && activeColumn !== undefined && activeItem !== undefined && (
        <CellDetail name={activeColumn.name} value={activeItem[activeColumn.name]} onClose={() => setExpanded(false)} />
      )}
    </div>
  );
}

