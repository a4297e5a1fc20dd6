/**
 * The document read by the server (`POST /api/model/parse`): the normalised
 * model with every default filled, and the linter's findings. The browser does
 * not parse models itself: the schema validator compiles code at run time, which
 * the page's Content-Security-Policy refuses.
 */
import type { LintFinding, LintSummary, Model } from '@dynotable/core';
import { useEffect, useState } from 'react';
import { apiPost } from '../api/client.js';
import type { ModelDocument } from './model-store.js';

interface ParsedModel {
  readonly model: Model;
  readonly lint: LintFinding[];
  readonly lintSummary: LintSummary;
}

export interface ParsedState {
  /** The last document that read without problems (kept while the text is briefly broken). */
  readonly parsed: ParsedModel | undefined;
  /** Why the current text does not read: ApiFailure with `problems` for a model with problems. */
  readonly error: unknown;
  readonly loading: boolean;
}

const parseModelDocument = (document: ModelDocument, signal?: AbortSignal) =>
  apiPost<ParsedModel>('/api/model/parse', { model: document.text, source: document.fileName }, signal);

/** Parses the document after the user pauses typing; the latest text wins. */
export function useParsedModel(document: ModelDocument, delayMs = 150): ParsedState {
  const [state, setState] = useState<ParsedState>({ parsed: undefined, error: undefined, loading: document.text.trim() !== '' });
  useEffect(() => {
    if (document.text.trim() === '') {
      setState({ parsed: undefined, error: undefined, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    const timer = setTimeout(() => {
      parseModelDocument(document, controller.signal).then(
        (parsed) => setState({ parsed, error: undefined, loading: false }),
        (error: unknown) => {
          if (!controller.signal.aborted) setState((previous) => ({ parsed: previous.parsed, error, loading: false }));
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [document.text, document.fileName, delayMs]);
  return state;
}
