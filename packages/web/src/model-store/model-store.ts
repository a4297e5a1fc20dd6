/**
 * The model being designed: one document shared by every model tool (designer,
 * verify, pricing, query builder), kept in the browser's storage so a reload or
 * another tab finds it again. The text is the model file as the user edits it.
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface ModelDocument {
  /** The model file's text, YAML or JSON. */
  readonly text: string;
  /** The name it is saved and downloaded under; its extension says the format. */
  readonly fileName: string;
}

const STORAGE_KEY = 'dynotable.model';
const CHANGED = 'dynotable:model';

/** A new user starts from nothing: the designer builds the model from the questions. */
const EMPTY_MODEL: ModelDocument = { text: '', fileName: 'model.yaml' };

let cached: ModelDocument | undefined;

function read(): ModelDocument {
  if (cached !== undefined) return cached;
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    const parsed = stored === null ? undefined : (JSON.parse(stored) as Partial<ModelDocument>);
    cached = typeof parsed?.text === 'string' && typeof parsed.fileName === 'string' ? { text: parsed.text, fileName: parsed.fileName } : EMPTY_MODEL;
  } catch {
    cached = EMPTY_MODEL;
  }
  return cached;
}

function setModelDocument(document: ModelDocument): void {
  cached = document;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(document));
  } catch {
    // Storage full or refused: the model still lives for this page.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    cached = undefined;
    onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The current document and a setter; every model tool re-renders when it changes. */
export function useModelDocument(): readonly [ModelDocument, (document: ModelDocument) => void] {
  const document = useSyncExternalStore(subscribe, read);
  const set = useCallback((next: ModelDocument) => setModelDocument(next), []);
  return [document, set] as const;
}
