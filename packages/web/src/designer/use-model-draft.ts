/**
 * The model file as the designer edits it: a draft of the shared model
 * document, saved into it on request (Save, Ctrl/Cmd-S). A new document from
 * elsewhere (accepting a design, opening a file, another tab) replaces the draft.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useModelDocument, type ModelDocument } from '../model-store/model-store.js';

/** Kept while the user visits the other model tools, so unsaved edits survive. */
let remembered: { draft: ModelDocument; base: ModelDocument } | undefined;

export interface ModelDraft {
  readonly draft: ModelDocument;
  readonly saved: ModelDocument;
  readonly dirty: boolean;
  readonly edit: (draft: ModelDocument) => void;
  /** Writes the draft into the shared document. */
  readonly save: () => void;
  /** Replaces both: the draft and the shared document. */
  readonly replace: (document: ModelDocument) => void;
}

export function useModelDraft(): ModelDraft {
  const [saved, setSaved] = useModelDocument();
  const [draft, setDraft] = useState<ModelDocument>(() => (remembered !== undefined && remembered.base === saved ? remembered.draft : saved));
  const base = useRef(saved);

  useEffect(() => {
    if (saved === base.current) return;
    base.current = saved;
    setDraft(saved);
  }, [saved]);

  useEffect(() => {
    remembered = { draft, base: base.current };
  }, [draft]);

  const save = useCallback(() => setSaved(draft), [draft, setSaved]);
  const replace = useCallback(
    (document: ModelDocument) => {
      setDraft(document);
      setSaved(document);
    },
    [setSaved],
  );
  const dirty = draft.text !== saved.text || draft.fileName !== saved.fileName;
  return useMemo(() => ({ draft, saved, dirty, edit: setDraft, save, replace }), [draft, saved, dirty, save, replace]);
}
