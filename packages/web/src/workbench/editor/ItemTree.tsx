/**
 * The item as a tree beside its text: a row per attribute, with its type,
 * its value edited in place, and the members of L, M and sets below it
 * (large ones start collapsed, and only the rows in view are drawn). Every
 * edit goes through `tree-edits`, which checks it as DynamoDB would; one it
 * refuses is explained and leaves the item as it was.
 */
import { useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { WireItem } from '@dynotable/core';
import type { KeyAttribute } from '../table-indexes.js';
import { pathKey, rowsOf, type TreePath, type TreeRow } from './item-tree.js';
import { add, move, remove, rename, setText, setType, type TreeEdit } from './tree-edits.js';
import { TreeRowView, type RowActions } from './TreeRowView.js';

interface ItemTreeProps {
  /** The item the text last read as. */
  readonly item: WireItem;
  /** Why the text does not read now (the tree shows the item as it last did). */
  readonly stale: string | undefined;
  readonly keyAttributes: readonly KeyAttribute[];
  readonly readOnly: boolean;
  readonly onEdit: (item: WireItem) => void;
}

const ROW_HEIGHT = 36;
/** L, M and sets up to this many members start expanded; larger ones are opened on demand. */
const OPEN_UP_TO = 20;

export function ItemTree({ item, stale, keyAttributes, readOnly, onEdit }: ItemTreeProps) {
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  /** A value or name being typed that does not hold yet (with the reason), by path. */
  const [drafts, setDrafts] = useState<ReadonlyMap<string, { text: string; reason: string }>>(() => new Map());
  const [focusPath, setFocusPath] = useState<string | undefined>(undefined);
  const scroller = useRef<HTMLDivElement>(null);
  // A refusal, and a value typed that did not hold, are about the item they were made on: a new item clears them.
  const [refusedOn, setRefusedOn] = useState(item);
  if (refusedOn !== item) {
    setRefusedOn(item);
    setRefusal(undefined);
    if (drafts.size > 0) setDrafts(new Map());
  }

  const keyNames = useMemo(() => keyAttributes.map((key) => key.name), [keyAttributes]);
  const rows = useMemo(
    () => rowsOf(item, (path, size) => toggled.has(pathKey(path)) !== (size <= OPEN_UP_TO && path.length < 4)),
    [item, toggled],
  );
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  const apply = (edit: TreeEdit, path: TreePath, draft?: string): boolean => {
    if (!edit.ok) {
      if (draft !== undefined) setDrafts((now) => new Map(now).set(pathKey(path), { text: draft, reason: edit.reason }));
      else setRefusal(edit.reason);
      return false;
    }
    setRefusal(undefined);
    setDrafts((now) => {
      if (!now.has(pathKey(path))) return now;
      const next = new Map(now);
      next.delete(pathKey(path));
      return next;
    });
    onEdit(edit.item);
    return true;
  };

  const actions: RowActions = {
    toggle: (path) =>
      setToggled((now) => {
        const next = new Set(now);
        const key = pathKey(path);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    setText: (path, text) => void apply(setText(item, path, text), path, text),
    setType: (path, type) => void apply(setType(item, path, type), path),
    rename: (path, name) => apply(rename(item, path, name), path),
    remove: (path) => void apply(remove(item, path), path),
    move: (path, by) => {
      if (apply(move(item, path, by), path)) {
        const last = path.at(-1)!;
        setFocusPath(pathKey([...path.slice(0, -1), typeof last === 'number' ? last + by : last]));
      }
    },
    add: (owner) => {
      const added = add(item, owner);
      if (apply(added, owner) && added.path !== undefined) setFocusPath(pathKey(added.path));
    },
  };

  const keyRole = (row: TreeRow): string | undefined => {
    if (row.depth !== 0) return undefined;
    const at = keyNames.indexOf(String(row.path[0]));
    return at < 0 ? undefined : at === 0 ? 'partition key' : 'sort key';
  };
  const firstFree = rows.find((row) => row.depth === 0 && keyRole(row) === undefined);

  return (
    <div className="ed-tree">
      {stale !== undefined && (
        <p className="ed-explain" role="note" aria-label="The tree is behind the text">
          <strong>The text does not read as an item.</strong> {stale} The tree shows the item as it last read; fix the text to edit here again.
        </p>
      )}
      {refusal !== undefined && (
        <p className="error-note" role="alert">
          <strong>Not changed:</strong> {refusal}
        </p>
      )}
      <div role="table" aria-label="Item as a tree" aria-rowcount={rows.length + 1} className="ed-tree-table">
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className="ed-tree-row ed-tree-head">
            <span role="columnheader">Name</span>
            <span role="columnheader">Type</span>
            <span role="columnheader">Value</span>
            <span role="columnheader">
              <span className="visually-hidden">Actions</span>
            </span>
          </div>
        </div>
        <div ref={scroller} className="ed-tree-scroll" role="rowgroup">
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((slot) => {
              const row = rows[slot.index]!;
              const key = pathKey(row.path);
              return (
                <TreeRowView
                  key={key}
                  row={row}
                  index={slot.index}
                  top={slot.start}
                  height={ROW_HEIGHT}
                  keyRole={keyRole(row)}
                  firstMovable={row === firstFree}
                  expanded={rows[slot.index + 1]?.depth === row.depth + 1}
                  draft={drafts.get(key)}
                  readOnly={readOnly}
                  focus={focusPath === key}
                  onFocused={() => setFocusPath(undefined)}
                  actions={actions}
                />
              );
            })}
          </div>
        </div>
      </div>
      {!readOnly && (
        <button type="button" onClick={() => actions.add([])}>
          Add an attribute
        </button>
      )}
    </div>
  );
}
