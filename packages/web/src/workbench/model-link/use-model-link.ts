/** The open table's model link: loaded with the table, changed and removed from its bar. */
import { useCallback, useEffect, useState } from 'react';
import type { Model } from '@dynotable/core';
import { getModelLink, removeModelLink, setModelLink, type LinkChoice, type ModelLinkView } from './link-api.js';

/** What the workbench uses of a link: the model and which of its tables this table is. */
export interface LinkedModel {
  readonly model: Model;
  readonly modelTable: string;
}

export interface ModelLinkState {
  readonly view: ModelLinkView | undefined;
  readonly linked: LinkedModel | undefined;
  readonly error: unknown;
  readonly busy: boolean;
  link(choice: LinkChoice): Promise<void>;
  unlink(): Promise<void>;
}

/** Each key attribute's templates among the entities of the linked table (what its keys look like). */
export function templatesByAttribute(linked: LinkedModel): Map<string, string[]> {
  const templates = new Map<string, string[]>();
  for (const entity of linked.model.entities) {
    if (entity.table !== linked.modelTable) continue;
    for (const [attribute, template] of Object.entries(entity.keys)) templates.set(attribute, [...(templates.get(attribute) ?? []), template]);
  }
  return templates;
}

function linkedOf(view: ModelLinkView | undefined): LinkedModel | undefined {
  if (view?.link == null || view.model === undefined) return undefined;
  return { model: view.model, modelTable: view.link.modelTable };
}

export function useModelLink(connectionId: string, table: string): ModelLinkState {
  const [view, setView] = useState<ModelLinkView | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setView(undefined);
    getModelLink(connectionId, table, controller.signal).then(setView, (failure: unknown) => {
      if (!controller.signal.aborted) setError(failure);
    });
    return () => controller.abort();
  }, [connectionId, table]);

  const change = useCallback(async (request: () => Promise<ModelLinkView>) => {
    setBusy(true);
    setError(undefined);
    try {
      setView(await request());
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    view,
    linked: linkedOf(view),
    error,
    busy,
    link: (choice) => change(() => setModelLink(connectionId, table, choice)),
    unlink: () => change(() => removeModelLink(connectionId, table)),
  };
}
