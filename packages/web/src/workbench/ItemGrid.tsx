/**
 * The item grid: virtualized rows and columns (100,000 rows scroll
 * smoothly), columns from the attributes present with their types (the
 * pane's keys first), sort in DynamoDB's order, reorder, hide, resize, fit
 * and pin (widths and pins kept per table), cell copy in several forms, the
 * value expanded beside its row, row multi-select with shift-click ranges,
 * export, and the item highlighted across panes.
 *
 * Keyboard: arrows, Home/End, PageUp/PageDown move the active cell; Space
 * selects its row (Shift+Space: the range); Enter (or a double-click) opens
 * the item in the editor when the pane allows it, else expands the value;
 * Shift+Enter expands the value; Ctrl+C copies it; Ctrl+Shift+C copies the
 * selected items (or the active one) as DynamoDB JSON; Shift+F10 or the
 * menu key opens the cell's menu; Ctrl+A selects every row.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { WireItem } from '@dynotable/core';
import { CellDetail } from './CellDetail.js';
import { cellMenuActions, countText, itemsClipText } from './cell-menu-actions.js';
import { CellMenu } from './CellMenu.js';
import { copyText } from './cell-format.js';
import { copyToClipboard } from './clipboard.js';
import { splitPinned, widthOf } from './column-sizing.js';
import { ColumnsMenu } from './ColumnsMenu.js';
import { ExportMenu } from './ExportMenu.js';
import { discoverColumns, EMPTY_LAYOUT, moveColumn, placeColumn, setHidden, visibleColumns, type ColumnLayout } from './grid-columns.js';
import { sortedOrder, type SortSpec } from './grid-sort.js';
import { GridHeaderCell } from './GridHeaderCell.js';
import { GridRow, ROW_HEIGHT, SELECT_WIDTH } from './GridRow.js';
import { keyId, keyOf } from './item-keys.js';
import { ENTITY_WIDTH } from './model-link/EntityCell.js';
import { useItemNotes } from './model-link/item-notes.js';
import type { LinkedModel } from './model-link/use-model-link.js';
import { clickRow, keepLoaded, NO_SELECTION, toggleAll, type RowSelection } from './row-selection.js';
import { useColumnSizing } from './use-column-sizing.js';
import type { ExportTarget } from './use-export.js';

const HEADER_HEIGHT = 44;

interface ItemGridProps {
  readonly items: readonly WireItem[];
  /** Changes when the loaded set is replaced or shrinks. */
  readonly version: number;
  /** The table's primary key: identifies an item in every pane. */
  readonly keyNames: readonly string[];
  /** Shown first: the pane's index keys, then the table's. */
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
  /** Where column widths and pins are remembered (one entry per table). */
  readonly sizingKey: string;
  /** The query behind the items, for an export of every page. */
  readonly exportTarget?: ExportTarget | undefined;
}

interface ActiveCell {
  readonly row: number;
  /** 0 is the selection column. */
  readonly col: number;
}

interface OpenMenu {
  readonly x: number;
  readonly y: number;
}

export function ItemGrid(props: ItemGridProps) {
  const { items, version, keyNames, leadingColumns, highlighted, onHighlight, onSelectionChange, label, onOpenItem, linked, onRepairItem, justWritten } = props;
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<ColumnLayout>(EMPTY_LAYOUT);
  const [sort, setSort] = useState<SortSpec | undefined>(undefined);
  const [selection, setSelection] = useState<RowSelection>(NO_SELECTION);
  const [active, setActive] = useState<ActiveCell>({ row: 0, col: 1 });
  const [expanded, setExpanded] = useState(false);
  const [menu, setMenu] = useState<OpenMenu | undefined>(undefined);
  const [copyStatus, setCopyStatus] = useState('');
  const { sizing, resize, pin, fit } = useColumnSizing(props.sizingKey, items, scroller);

  const columns = useMemo(() => discoverColumns(items, leadingColumns), [items, leadingColumns]);
  const shown = useMemo(() => visibleColumns(columns, layout), [columns, layout]);
  // Pinned columns come first and stay at the left; the others scroll (and are virtualized).
  const { pinned, rest } = useMemo(() => splitPinned(shown, sizing), [shown, sizing]);
  const visible = useMemo(() => [...pinned, ...rest], [pinned, rest]);
  const pinnedWidths = useMemo(() => pinned.map((column) => widthOf(sizing, column.name)), [pinned, sizing]);
  const order = useMemo(() => sortedOrder(items, sort), [items, sort]);
  const ids = useMemo(() => order.map((index) => keyId(items[index]!, keyNames)), [order, items, keyNames]);
  const notes = useItemNotes(items, linked);
  const staleCount = useMemo(() => notes?.reduce((count, note) => count + (note.mismatches.length > 0 ? 1 : 0), 0) ?? 0, [notes]);
  const leadWidth = SELECT_WIDTH + (notes !== undefined ? ENTITY_WIDTH : 0) + pinnedWidths.reduce((sum, width) => sum + width, 0);

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
  // A column's key holds its width: a resize measures the columns anew, and nothing else does (rows re-render only then).
  const columnKey = useCallback((index: number) => `${rest[index]?.name ?? index}:${widthOf(sizing, rest[index]?.name ?? '')}`, [rest, sizing]);
  const cols = useVirtualizer({
    horizontal: true,
    count: rest.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => widthOf(sizing, rest[index]?.name ?? ''),
    getItemKey: columnKey,
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
    if (nextCol > pinned.length) cols.scrollToIndex(nextCol - 1 - pinned.length, { align: 'auto' });
  };

  const activeCell = () => document.getElementById(cellId(activeRow, activeCol)) ?? undefined;
  const expand = () => {
    activeCell()?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    setExpanded(true);
  };
  const closeExpanded = () => {
    setExpanded(false);
    scroller.current?.focus();
  };

  const copy = (text: string, what: string) => void copyToClipboard(text).then((ok) => setCopyStatus(ok ? `Copied ${what}` : 'Copy failed: the browser refused the clipboard'));
  /** The selected items in the order shown; the active row's item when none is selected. */
  const selectedItems = (): WireItem[] => {
    if (selection.ids.size === 0) return activeItem !== undefined ? [activeItem] : [];
    return order.flatMap((index, position) => {
      const rowId = ids[position];
      return rowId !== undefined && selection.ids.has(rowId) ? [items[index]!] : [];
    });
  };
  const menuActions = () =>
    cellMenuActions({
      name: activeColumn?.name,
      value: activeColumn !== undefined ? activeItem?.[activeColumn.name] : undefined,
      item: activeItem,
      selectedCount: selection.ids.size,
      selectedItems,
      copy,
      expand,
    });
  const openMenuAtCell = () => {
    const rect = activeCell()?.getBoundingClientRect();
    if (rect !== undefined) setMenu({ x: rect.left, y: rect.bottom });
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
        else expand();
      },
      ContextMenu: openMenuAtCell,
      ...(expanded ? { Escape: () => setExpanded(false) } : {}),
    };
    if (event.key === 'F10' && event.shiftKey) {
      event.preventDefault();
      openMenuAtCell();
      return;
    }
    if (ctrl && event.shiftKey && event.key.toLowerCase() === 'c') {
      const chosen = selectedItems();
      if (chosen.length > 0) copy(itemsClipText(chosen, 'dynamodb-json'), `${countText(chosen.length)} as DynamoDB JSON`);
      event.preventDefault();
      return;
    }
    if (ctrl && event.key.toLowerCase() === 'c' && activeColumn !== undefined && activeItem !== undefined) {
      const value = activeItem[activeColumn.name];
      if (value !== undefined) copy(copyText(value), activeColumn.name);
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
  const onCellMenu = useCallback((event: MouseEvent, row: number, col: number) => {
    event.preventDefault();
    setActive({ row, col });
    setMenu({ x: event.clientX, y: event.clientY });
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
  const activeRendered = virtualRows.some((row) => row.index === activeRow) && (activeCol <= pinned.length || virtualCols.some((col) => col.index === activeCol - 1 - pinned.length));
  const headerCell = (column: (typeof visible)[number], index: number, left: number | undefined, cellWidth: number) => (
    <GridHeaderCell
      key={column.name}
      column={column}
      colIndex={index + 2 + (notes !== undefined ? 1 : 0)}
      left={left}
      width={cellWidth}
      pinned={left === undefined}
      sort={sort}
      // A pinned column keeps its place among the pinned; the others move among themselves.
      first={left === undefined || index === pinned.length}
      last={left === undefined || index === visible.length - 1}
      onSort={() =>
        setSort((current) => (current?.column !== column.name ? { column: column.name, descending: false } : current.descending ? undefined : { column: column.name, descending: true }))
      }
      onMove={(delta) =>
        setLayout((current) => {
          const moved = moveColumn(columns, { ...current, hidden: [...current.hidden, ...sizing.pinned] }, column.name, delta);
          return { ...moved, hidden: current.hidden };
        })
      }
      onHide={() => setLayout((current) => setHidden(current, column.name, true))}
      onDropColumn={(name) => setLayout((current) => placeColumn(columns, current, name, column.name))}
      onPin={(pinning) => pin(column.name, pinning)}
      onResize={(width) => resize(column.name, width)}
      onFit={() => fit(column)}
    />
  );

  return (
    <div className="wb-grid-wrap">
      <div className="wb-row">
        <ColumnsMenu
          columns={columns}
          layout={layout}
          pinned={sizing.pinned}
          onToggle={(name, hidden) => setLayout((current) => setHidden(current, name, hidden))}
          onPin={pin}
          onFit={fit}
        />
        <ExportMenu target={props.exportTarget} items={() => order.map((index) => items[index]!)} loadedCount={order.length} leading={leadingColumns} />
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
        <span aria-live="polite" className="muted wb-copy-status">
          {copyStatus}
        </span>
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
          <div role="row" aria-rowindex={1} className="wb-tr" style={{ width }}>
            <div className={`wb-lead${pinned.length > 0 ? ' wb-lead-pinned' : ''}`}>
              <div role="columnheader" aria-colindex={1} className="wb-th wb-select" style={{ width: SELECT_WIDTH }}>
                <input type="checkbox" aria-label="Select every loaded item" checked={allSelected} onChange={() => setSelection((current) => toggleAll(current, ids))} />
              </div>
              {notes !== undefined && (
                <div role="columnheader" aria-colindex={2} className="wb-th" style={{ width: ENTITY_WIDTH }} title="The entity of the linked model whose key templates match the item">
                  Entity
                </div>
              )}
              {pinned.map((column, index) => headerCell(column, index, undefined, pinnedWidths[index]!))}
            </div>
            {virtualCols.map((virtualCol) => headerCell(rest[virtualCol.index]!, pinned.length + virtualCol.index, virtualCol.start, virtualCol.size))}
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
                pinned={pinned}
                pinnedWidths={pinnedWidths}
                columns={rest}
                virtualCols={virtualCols}
                idPrefix={id}
                onCellClick={onCellClick}
                onCellMenu={onCellMenu}
                onSelectClick={onSelectClick}
                note={notes?.[order[position]!]}
                onRepair={onRepairItem !== undefined ? onRepair : undefined}
              />
            );
          })}
        </div>
      </div>
      {expanded && activeColumn !== undefined && activeItem !== undefined && (
        <CellDetail name={activeColumn.name} value={activeItem[activeColumn.name]} cellId={cellId(activeRow, activeCol)} onClose={closeExpanded} />
      )}
      {menu !== undefined && (
        <CellMenu
          label="Cell actions"
          at={menu}
          actions={menuActions()}
          onClose={(refocus) => {
            setMenu(undefined);
            if (refocus) scroller.current?.focus();
          }}
        />
      )}
    </div>
  );
}

