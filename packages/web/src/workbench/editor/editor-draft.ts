/**
 * Unsaved edits kept across a reload of the page: written to the tab's
 * session storage when the page goes away with edits in the editor, offered
 * back when the same item is opened again, and dropped once the user has
 * chosen (restored, discarded, or closed the editor).
 */
import type { EditMode } from './edited-item.js';

export interface EditorDraft {
  readonly text: string;
  readonly mode: EditMode;
}

const PREFIX = 'dynotable.editor-draft:';

export function readDraft(id: string): EditorDraft | undefined {
  try {
    const stored = sessionStorage.getItem(PREFIX + id);
    if (stored === null) return undefined;
    const draft = JSON.parse(stored) as Partial<EditorDraft>;
    return typeof draft.text === 'string' && (draft.mode === 'plain' || draft.mode === 'typed') ? { text: draft.text, mode: draft.mode } : undefined;
  } catch {
    return undefined;
  }
}

/** False when the browser would not keep it (storage full or turned off). */
export function keepDraft(id: string, draft: EditorDraft): boolean {
  try {
    sessionStorage.setItem(PREFIX + id, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function dropDraft(id: string): void {
  try {
    sessionStorage.removeItem(PREFIX + id);
  } catch {
    // Nothing was kept, so nothing is left behind.
  }
}
