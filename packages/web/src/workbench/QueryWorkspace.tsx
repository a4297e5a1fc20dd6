/**
 * The query workspace of one table: two or more panes side by side, each
 * with its own query (the base table and a GSI, ascending and descending…),
 * the same item highlighted in all of them. The panes live in the URL's query
 * string (?panes=…), so the view can be bookmarked and shared.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WireItem } from '@dynotable/core';
import type { TableDescription } from '../api/types.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { useLocation } from '../app/router.js';
import { tablePricingOf } from './editor/table-pricing.js';
import { ModelLinkBar } from './model-link/ModelLinkBar.js';
import { PatternList } from './model-link/PatternList.js';
import { useModelLink } from './model-link/use-model-link.js';
import { MAX_PANES } from './pane-url.js';
import { useWorkspacePaletteActions } from './pane-palette-actions.js';
import { QueryPane } from './QueryPane.js';
import { PartiqlPane } from '../partiql/PartiqlPane.js';
import { buildRead } from './query-request.js';
import { findTarget } from './table-indexes.js';
import { keyId } from './item-keys.js';
import { savedQuery } from './queries-api.js';
import { stateOfNote } from './query-notes.js';
import { DEFAULT_QUERY_STATE, type QueryState } from './query-state.js';
import { savedNameIn, searchWithoutSaved } from './saved-query-link.js';
import { primaryKeyNames, queryTargets, type QueryTarget } from './table-indexes.js';
import { restoredPanes, urlIsOurs, useKeptPanes } from './tab-panes.js';
import './workbench.css';

export interface QueryWorkspaceProps {
  readonly connectionId: string;
  readonly table: string;
  readonly description: TableDescription;
  /** Called with the primary keys of the items selected in a pane. */
  readonly onSelectionChange?: (keys: readonly WireItem[], pane: number) => void;
  /** Counts the writes made outside the panes (an import, deleting all items): each change re-reads every pane. */
  readonly outsideWrites?: number;
}

/** The writes made from the workspace: their number (each re-reads every pane) and the item the last one left. */
interface Writes {
  readonly count: number;
  readonly item: string | undefined;
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

/** The panes with `states` added: in place of a first pane nobody has used yet, else after the others. */
function withPanesAdded(current: Pane[], states: readonly QueryState[], nextId: () => number, targets: readonly QueryTarget[]): Pane[] {
  const untouched = current.length === 1 && JSON.stringify(current[0]!.state) === JSON.stringify(DEFAULT_QUERY_STATE);
  const kept = untouched ? [] : current;
  const added = states.map((state) => ({ id: nextId(), state: knownIndex(state, targets) }));
  return [...kept, ...added].slice(-MAX_PANES);
}

export function QueryWorkspace({ connectionId, table, description, onSelectionChange, outsideWrites }: QueryWorkspaceProps) {
  const targets = useMemo(() => queryTargets(description.table), [description]);
  const keyNames = useMemo(() => primaryKeyNames(description.table), [description]);
  const pricing = useMemo(() => tablePricingOf(description.table), [description]);
  const [panes, setPanes] = useState<Pane[]>(() => initialPanes(connectionId, table, targets));
  const [highlighted, setHighlighted] = useState<string | undefined>(undefined);
  const [writes, setWrites] = useState<Writes>({ count: 0, item: undefined });
  const [partiql, setPartiql] = useState(false);
  const countWrite = useCallback(
    (written?: WireItem) => {
      const item = written !== undefined ? keyId(written, keyNames) : undefined;
      setWrites((previous) => ({ count: previous.count + 1, item }));
      if (item !== undefined) setHighlighted(item);
    },
    [keyNames],
  );
  /** Another item highlighted: the mark of the item just written has done its job. */
  const highlight = useCallback((id: string | undefined) => {
    setHighlighted(id);
    setWrites((previous) => (previous.item !== undefined && previous.item !== id ? { ...previous, item: undefined } : previous));
  }, []);
  const outside = useRef(outsideWrites);
  useEffect(() => {
    if (outside.current === outsideWrites) return;
    outside.current = outsideWrites;
    countWrite();
  }, [outsideWrites, countWrite]);
  const nextId = useRef(panes.length + 1);
  const takeId = () => nextId.current++;
  const modelLink = useModelLink(connectionId, table);

  // The URL and the tab follow the panes.
  useKeptPanes(connectionId, table, panes.map((pane) => pane.state));

  const update = useCallback((id: number, state: QueryState) => {
    setPanes((current) => current.map((pane) => (pane.id === id ? { ...pane, state } : pane)));
  }, []);

  const add = (state: QueryState) => {
    setPanes((current) => (current.length >= MAX_PANES ? current : [...current, { id: nextId.current++, state }]));
  };
  const openPanes = (states: readonly QueryState[]) => setPanes((current) => withPanesAdded(current, states, takeId, targets));

  // A link to a saved query (?saved=name) opens it in a pane, then the pane takes its place in the URL.
  const here = useLocation();
  const [savedError, setSavedError] = useState<unknown>(undefined);
  const openedAt = useRef<string | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!urlIsOurs(connectionId, table)) return;
    const name = savedNameIn(window.location.search);
    // Once per arrival at the link: it leaves the URL at once, and renders come and go meanwhile.
    if (name === undefined) {
      openedAt.current = undefined;
      return;
    }
    if (openedAt.current === here) return;
    openedAt.current = here;
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${searchWithoutSaved(window.location.search)}${hash}`);
    savedQuery(connectionId, table, name).then(
      (query) => {
        if (!mounted.current) return;
        setSavedError(undefined);
        setPanes((current) => withPanesAdded(current, [stateOfNote(query)], takeId, targets));
      },
      (error: unknown) => {
        if (mounted.current) setSavedError(error);
      },
    );
  }, [here, connectionId, table]);

  useWorkspacePaletteActions({ table, canAddPane: panes.length < MAX_PANES, addPane: () => add(DEFAULT_QUERY_STATE), linked: modelLink.linked, openPatternPanes: openPanes });

  return (
    <section className="wb-workspace" aria-label={`Query ${table}`}>
      <ModelLinkBar table={table} state={modelLink} />
      {modelLink.linked !== undefined && <PatternList linked={modelLink.linked} onOpen={openPanes} />}
      <ErrorNote error={savedError} />
      <div className="wb-row wb-workspace-bar">
        <button type="button" onClick={() => add(DEFAULT_QUERY_STATE)} disabled={panes.length >= MAX_PANES}>
          Add pane
        </button>
        <span className="muted">
          {panes.length} pane{panes.length === 1 ? '' : 's'} · click an item to highlight it in every pane
        </span>
        <button type="button" aria-pressed={partiql} onClick={() => setPartiql((open) => !open)}>
          PartiQL
        </button>
        {highlighted !== undefined && (
          <button type="button" className="link-button" onClick={() => highlight(undefined)}>
            Clear highlight
          </button>
        )}
      </div>
      {partiql && (
        <PartiqlPane
          connectionId={connectionId}
          table={table}
          description={description}
          keyNames={keyNames}
          panes={panes.map((pane, index) => ({ number: index + 1, params: buildRead(pane.state, table, findTarget(targets, pane.state.indexName)).params }))}
          highlighted={highlighted}
          onHighlight={highlight}
          onWritten={countWrite}
          onClose={() => setPartiql(false)}
          onOpenPane={add}
        />
      )}
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
            onHighlight={highlight}
            linked={modelLink.linked}
            writeCount={writes.count}
            justWritten={writes.item}
            onWritten={countWrite}
            {...(onSelectionChange !== undefined ? { onSelectionChange: (keys: readonly WireItem[]) => onSelectionChange(keys, index + 1) } : {})}
          />
        ))}
      </div>
    </section>
  );
}
