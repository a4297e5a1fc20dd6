/**
 * The table's model, shown above its panes: which model and where the link
 * came from, and the ways to change it — the Design area's current model, a
 * model file, or none.
 */
import { useRef } from 'react';
import { ErrorNote } from '../../app/ErrorNote.js';
import { useModelDocument } from '../../model-store/model-store.js';
import type { ModelLinkState } from './use-model-link.js';

const SOURCE_WORDS = { example: 'the example model', 'command-line': 'given with --model', design: "from the Design area", file: 'from a model file' } as const;

export function ModelLinkBar({ table, state }: { readonly table: string; readonly state: ModelLinkState }) {
  const [document] = useModelDocument();
  const fileInput = useRef<HTMLInputElement>(null);
  const link = state.view?.link ?? null;
  const entities = state.linked?.model.entities.filter((entity) => entity.table === state.linked?.modelTable).map((entity) => entity.name) ?? [];

  const linkFile = async (file: File | undefined) => {
    if (file === undefined) return;
    await state.link({ model: await file.text(), source: 'file', name: file.name });
  };

  return (
    <section className="wb-model-link" aria-label={`Model of ${table}`}>
      <div className="wb-row">
        {state.view === undefined ? (
          <span className="muted">Looking for the table's model…</span>
        ) : link === null ? (
          <span>
            <strong>No model linked.</strong> <span className="muted">Link one to see each item's entity, keep derived keys right on every edit and run the access patterns.</span>
          </span>
        ) : (
          <span>
            Model: <strong>{link.name}</strong> <span className="muted">({SOURCE_WORDS[link.source]}; this is its table {link.modelTable}{entities.length > 0 ? `, entities ${entities.join(', ')}` : ''})</span>
          </span>
        )}
        <button type="button" disabled={state.busy || document.text.trim() === ''} title={document.text.trim() === '' ? 'The Design area has no model yet' : `Link ${table} to ${document.fileName}`} onClick={() => void state.link({ model: document.text, source: 'design', name: document.fileName })}>
          Link the Design area's model
        </button>
        <button type="button" disabled={state.busy} onClick={() => fileInput.current?.click()}>
          Link a model file…
        </button>
        {link !== null && (
          <button type="button" disabled={state.busy} onClick={() => void state.unlink()}>
            Unlink
          </button>
        )}
        <input ref={fileInput} type="file" accept=".yaml,.yml,.json" hidden aria-hidden="true" tabIndex={-1} onChange={(event) => void linkFile(event.target.files?.[0])} />
      </div>
      {state.view?.problem !== undefined && <p className="error-note" role="alert">{state.view.problem}</p>}
      <ErrorNote error={state.error} />
    </section>
  );
}
