/**
 * The query workspace of one table: two or more panes side by side, each
 * with its own query (the base table and a GSI, ascending and descending…),
 * the same item highlighted in all of them. The panes live in the URL's query
 * string (?panes=…), so the view can be bookmarked and shared.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { WireItem } from '@dynotable/core';
import type { TableDescription } from '../api/types.js';
import { tablePricingOf } from './editor/table-pricing.js';
import { ModelLinkBar } from './model-link/ModelLinkBar.js';
import { PatternList } from './model-link/PatternList.js';
import { useModelLink } from './model-link/use-model-link.js';
import { MAX_PANES } from './pane-url.js';
import { useWorkspacePaletteActions } from './pane-palette-actions.js';
import { QueryPane } from './QueryPane.js';
import { DEFAULT_QUERY_STATE, type QueryState } from './query-state.js';
import { primaryKeyNames, queryTargets, type QueryTarget } from './table-indexes.js';
import { restoredPanes, useKeptPanes } from './tab-panes.js';
import './workbench.css';

export interface QueryWorkspaceProps {
  readonly connectionId: string;
  readonly table: string;
  readonly description: TableDescription;
  /** Called with the primary keys of the items selected in a pane. */
  readonly onSelectionChange?: (keys: readonly WireItem[], pane: number) => void;
}

interface Pane {
  readonly id: number;
  readonly state: QueryState;
}

/** An index the table no longer has falls back to the table itself. */
function knownIndex(state: QueryState, targets: readonly QueryTarget[]): QueryState {
  return targets.some((target) => target.indexName === state.indexName) ? state : { ...state, indexName: undefined };
}

function initialPanes(connectionId: string, table: string, targets: readonly QueryTarget[]): Pane[] {
  const states = restoredPanes(connectionId, table) ?? [DEFAULT_QUERY_STATE];
  return states.map((state, index) => ({ id: index + 1, state: knownIndex(state, targets) }));
}

export function QueryWorkspace({ connectionId, table, description, onSelectionChange }: QueryWorkspaceProps) {
  const targets = useMemo(() => queryTargets(description.table), [description]);
  const keyNames = useMemo(() => primaryKeyNames(description.table), [description]);
  const pricing = useMemo(() => tablePricingOf(description.table), [description]);
  const [panes, setPanes] = useState<Pane[]>(() => initialPanes(connectionId, table, targets));
  const [highlighted, setHighlighted] = useState<string | undefined>(undefined);
  const [writeCount, setWriteCount] = useState(0);
  const countWrite = useCallback(() => setWriteCount((count) => count + 1), []);
  const nextId = useRef(panes.length + 1);
  const modelLink = useModelLink(connectionId, table);

  // The URL and the tab follow the panes.
  useKeptPanes(connectionId, table, panes.map((pane) => pane.state));

  const update = useCallback((id: number, state: QueryState) => {
    setPanes((current) => current.map((pane) => (pane.id === id ? { ...pane, state } : pane)));
  }, []);

  const add = (state: QueryState) => {
    setPanes((current) => (current.length >= MAX_PANES ? current : [...current, { id: nextId.current++, state }]));
  };
  /** A pattern's panes take the place of a first pane nobody has used yet, else come after the others. */
  const openPatternPanes = (states: readonly QueryState[]) => {
    setPanes((current) => {
      const untouched = current.length === 1 && JSON.stringify(current[0]!.state) === JSON.stringify(DEFAULT_QUERY_STATE);
      const kept = untouched ? [] : current;
      const added = states.map((state) => ({ id: nextId.current++, state: knownIndex(state, targets) }));
      return [...kept, ...added].slice(-MAX_PANES);
    });
  };

  useWorkspacePaletteActions({ table, canAddPane: panes.length < MAX_PANES, addPane: () => add(DEFAULT_QUERY_STATE), linked: modelLink.linked, openPatternPanes });

  return (
    <section className="wb-workspace" aria-label={`Query ${table}`}>
      <ModelLinkBar table={table} state={modelLink} />
      {modelLink.linked !== undefined && <PatternList linked={modelLink.linked} onOpen={openPatternPanes} />}
      <div className="wb-row wb-workspace-bar">
        <button type="button" onClick={() => add(DEFAULT_QUERY_STATE)} disabled={panes.length >= MAX_PANES}>
          Add pane
        </button>
        <span className="muted">
          {panes.length} pane{panes.length === 1 ? '' : 's'} · click an item to highlight it in every pane
        </span>
        {highlighted !== undefined && (
          <button type="button" className="link-button" onClick={() => setHighlighted(undefined)}>
            Clear highlight
          </button>
        )}
      </div>
      <div className="wb-panes" style={{ gridTemplateColumns: `repeat(${panes.length}, minmax(420px, 1fr))` }}>
        {panes.map((pane, index) => (
          <QueryPane
            key={pane.id}
            number={index + 1}
            connectionId={connectionId}
            table={table}
            targets={targets}
            keyNames={keyNames}
            pricing={pricing}
            state={pane.state}
            onChange={(state) => update(pane.id, state)}
            onDuplicate={() => add(pane.state)}
            onRemove={panes.length > 1 ? () => setPanes((current) => current.filter((other) => other.id !== pane.id)) : undefined}
            highlighted={highlighted}
            onHighlight={setHighlighted}
            linked={modelLink.linked}
            writeCount={writeCount}
            onWritten={countWrite}
            {...(onSelectionChange !== undefined ? { onSelectionChange: (keys: readonly WireItem[]) => onSelectionChange(keys, index + 1) } : {})}
          />
        ))}
      </div>
    </section>
  );
}
