/**
 * The model file as the designer edits it: a draft of the shared model
 * document, saved into it on request (Save, Ctrl/Cmd-S). A new document from
 * elsewhere (accepting a design, opening a file, another tab) replaces the draft.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { guardPageUnload, registerUnsavedWork } from '../app/unsaved-work.js';
import { DESIGN_SCOPE } from '../app/work-scopes.js';
import { useModelDocument, type ModelDocument } from '../model-store/model-store.js';

/** Kept while the user visits the other model tools, so unsaved edits survive. */
let remembered: { draft: ModelDocument; base: ModelDocument } | undefined;

const differs = (a: ModelDocument, b: ModelDocument) => a.text !== b.text || a.fileName !== b.fileName;

/**
 * The remembered draft is unsaved work while it differs from the document it
 * was opened from, whether or not the designer is on screen.
 */
function describeUnsavedDraft(): string | null {
  if (remembered === undefined || !differs(remembered.draft, remembered.base)) return null;
  return `unsaved edits to the model file ${remembered.draft.fileName}`;
}

/** The unsaved-work registry's id of the model file's draft. */
const UNSAVED_WORK_ID = `${DESIGN_SCOPE}model-file`;

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
  }, [draft, saved]);

  // Registered for good: the draft outlives the page (it is found again on the next visit). Leaving the page asks while it is unsaved.
  useEffect(() => {
    registerUnsavedWork(UNSAVED_WORK_ID, describeUnsavedDraft);
    guardPageUnload();
  }, []);

  const save = useCallback(() => setSaved(draft), [draft, setSaved]);
  const replace = useCallback(
    (document: ModelDocument) => {
      setDraft(document);
      setSaved(document);
    },
    [setSaved],
  );
  const dirty = differs(draft, saved);
  return useMemo(() => ({ draft, saved, dirty, edit: setDraft, save, replace }), [draft, saved, dirty, save, replace]);
}
