/** One row of the item tree: the name, the type picker, the value in place and the row's actions. */
import { useEffect, useId, useRef, useState } from 'react';
import { isContainer, pathText, VALUE_TYPES, type TreePath, type TreeRow, type ValueType } from './item-tree.js';

export interface RowActions {
  toggle(path: TreePath): void;
  setText(path: TreePath, text: string): void;
  setType(path: TreePath, type: ValueType): void;
  /** False when refused (the name goes back to what it was). */
  rename(path: TreePath, name: string): boolean;
  remove(path: TreePath): void;
  move(path: TreePath, by: -1 | 1): void;
  add(owner: TreePath): void;
}

interface TreeRowViewProps {
  readonly row: TreeRow;
  readonly index: number;
  readonly top: number;
  readonly height: number;
  /** 'partition key' or 'sort key' for the table's key attributes. */
  readonly keyRole: string | undefined;
  /** The first attribute after the keys: it cannot move above them. */
  readonly firstMovable: boolean;
  readonly expanded: boolean;
  readonly draft: { readonly text: string; readonly reason: string } | undefined;
  readonly readOnly: boolean;
  readonly focus: boolean;
  readonly onFocused: () => void;
  readonly actions: RowActions;
}

const MEMBER_WORDS: Partial<Record<ValueType, [string, string]>> = { L: ['element', 'elements'], M: ['member', 'members'], SS: ['member', 'members'], NS: ['member', 'members'], BS: ['member', 'members'] };

function countText(row: TreeRow): string {
  const [one, many] = MEMBER_WORDS[row.type] ?? ['', ''];
  return row.size === 0 ? 'empty' : `${row.size} ${row.size === 1 ? one : many}`;
}

/** A name edited in place, kept to the input until Enter or leaving it (the row is found by its name). */
function NameField({ row, label, disabled, actions, focus, onFocused }: { row: TreeRow; label: string; disabled: boolean; actions: RowActions; focus: boolean; onFocused: () => void }) {
  const name = String(row.path.at(-1));
  const [typed, setTyped] = useState(name);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setTyped(name), [name]);
  useEffect(() => {
    if (!focus) return;
    input.current?.focus();
    input.current?.select();
    onFocused();
  }, [focus, onFocused]);
  const commit = () => {
    if (typed !== name && !actions.rename(row.path, typed)) setTyped(name);
  };
  return (
    <input
      ref={input}
      className="ed-tree-name wb-mono"
      aria-label={`Name of ${label}`}
      value={typed}
      readOnly={disabled}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

function ValueField({ row, label, whyId, draft, readOnly, actions }: { row: TreeRow; label: string; whyId: string; draft: TreeRowViewProps['draft']; readOnly: boolean; actions: RowActions }) {
  if (row.type === 'BOOL') {
    return (
      <select aria-label={`Value of ${label}`} value={row.text} disabled={readOnly} onChange={(event) => actions.setText(row.path, event.target.value)}>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  }
  if (row.type === 'NULL') return <span className="muted">null</span>;
  if (isContainer(row.type) && row.parent !== 'SS' && row.parent !== 'NS' && row.parent !== 'BS') {
    return (
      <span className="ed-tree-count">
        <span className="muted">{countText(row)}</span>
        {!readOnly && (
          <button type="button" className="link-button" onClick={() => actions.add(row.path)}>
            Add to {label}
          </button>
        )}
      </span>
    );
  }
  return (
    <input
      className="ed-tree-value wb-mono"
      aria-label={`Value of ${label}`}
      value={draft?.text ?? row.text ?? ''}
      readOnly={readOnly}
      aria-invalid={draft !== undefined}
      aria-describedby={draft !== undefined ? whyId : undefined}
      inputMode={row.type === 'N' ? 'decimal' : undefined}
      spellCheck={false}
      onChange={(event) => actions.setText(row.path, event.target.value)}
    />
  );
}

export function TreeRowView({ row, index, top, height, keyRole, firstMovable, expanded, draft, readOnly, focus, onFocused, actions }: TreeRowViewProps) {
  const label = pathText(row.path);
  const inSet = row.parent === 'SS' || row.parent === 'NS' || row.parent === 'BS';
  const named = row.parent === 'item' || row.parent === 'M';
  const container = isContainer(row.type) && !inSet;
  const last = row.path.at(-1)!;
  const whyId = useId();
  return (
    <div role="row" aria-rowindex={index + 2} className={`ed-tree-row${keyRole !== undefined ? ' ed-tree-key' : ''}`} style={{ position: 'absolute', top, height, left: 0, right: 0 }}>
      <span role="cell" className="ed-tree-namecell" style={{ paddingInlineStart: `${row.depth * 1.1}rem` }}>
        {container && (row.size ?? 0) > 0 ? (
          <button type="button" className="ed-tree-toggle" aria-expanded={expanded} aria-label={`${expanded ? 'Collapse' : 'Expand'} ${label}`} onClick={() => actions.toggle(row.path)}>
            {expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span className="ed-tree-toggle" aria-hidden="true" />
        )}
        {named ? (
          <NameField row={row} label={label} disabled={readOnly || keyRole !== undefined} actions={actions} focus={focus} onFocused={onFocused} />
        ) : (
          <span className="muted wb-mono">{inSet ? `member ${Number(last) + 1}` : `[${String(last)}]`}</span>
        )}
        {keyRole !== undefined && <span className="ed-tree-badge">{keyRole}</span>}
      </span>
      <span role="cell">
        <select
          aria-label={`Type of ${label}`}
          value={row.type}
          disabled={readOnly || keyRole !== undefined || inSet}
          title={keyRole !== undefined ? `The table's ${keyRole} keeps its type` : inSet ? 'A set’s members are all of its type' : undefined}
          onChange={(event) => actions.setType(row.path, event.target.value as ValueType)}
        >
          {VALUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </span>
      <span role="cell" className="ed-tree-valuecell">
        <ValueField row={row} label={label} whyId={whyId} draft={draft} readOnly={readOnly} actions={actions} />
        {draft !== undefined && (
          <span id={whyId} className="ed-tree-why" role="alert">
            {draft.reason}
          </span>
        )}
      </span>
      <span role="cell" className="ed-tree-actions">
        {!readOnly && keyRole === undefined && (
          <>
            <button type="button" aria-label={`Move ${label} up`} disabled={firstMovable || last === 0} onClick={() => actions.move(row.path, -1)}>
              ↑
            </button>
            <button type="button" aria-label={`Move ${label} down`} onClick={() => actions.move(row.path, 1)}>
              ↓
            </button>
            <button type="button" aria-label={`Remove ${label}`} onClick={() => actions.remove(row.path)}>
              ×
            </button>
          </>
        )}
      </span>
    </div>
  );
}
