/**
 * Apply in the browser: the shared model's tables created on a connection,
 * previewed first (every CreateTable request, which tables exist), with N
 * sample items of every entity loaded as a job with progress (journaled, so
 * the journal's Undo takes the load back); and the model compared with a
 * live table.
 */
import { useId, useState } from 'react';
import type { ApplyPreview, ApplyResult, ConnectionInfo } from '../api/types.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { JobProgress } from '../app/JobProgress.js';
import { followLink, routePath } from '../app/router.js';
import { useJob } from '../app/use-job.js';
import { useModelDocument } from '../model-store/model-store.js';
import { useParsedModel } from '../model-store/parsed-model.js';
import { previewApply, startApply, type ApplyChoices } from './apply-api.js';
import { ApplyPreviewView } from './ApplyPreviewView.js';
import { ComparePanel } from './ComparePanel.js';
import { readSample } from './sample-count.js';
import './apply.css';

const DESIGNER = routePath({ view: 'design', page: 'model' });

export function ApplyPage({ connections }: { readonly connections: readonly ConnectionInfo[] }) {
  const id = useId();
  const [document] = useModelDocument();
  const { parsed, error: parseError } = useParsedModel(document);
  const writable = connections.filter((connection) => connection.safety !== 'read-only');
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  const connection = connections.find((each) => each.id === chosenId) ?? writable[0] ?? connections[0];
  const [prefix, setPrefix] = useState('');
  const [sampleText, setSampleText] = useState('100');
  const [skipExisting, setSkipExisting] = useState(false);
  const [preview, setPreview] = useState<ApplyPreview | undefined>(undefined);
  const [previewError, setPreviewError] = useState<unknown>(undefined);
  const apply = useJob();
  const sample = readSample(sampleText);
  const model = parseError === undefined ? parsed?.model : undefined;
  const running = apply.job?.state === 'running';
  const ready = model !== undefined && connection !== undefined && sample.ok && !running;
  const choices = (): ApplyChoices => ({ model: document.text, source: document.fileName, prefix, sample: sample.ok ? sample.value : 0 });

  if (document.text.trim() === '') {
    return (
      <div className="apply">
        <h1>Apply to a connection</h1>
        <p>
          There is no model to apply yet. <a href={DESIGNER} onClick={(event) => followLink(event, DESIGNER)}>Design one first</a>.
        </p>
      </div>
    );
  }

  const showPreview = () => {
    if (!ready) return;
    setPreviewError(undefined);
    previewApply(connection.id, choices()).then(setPreview, setPreviewError);
  };
  const result = apply.job?.state === 'succeeded' ? (apply.job.result as ApplyResult) : undefined;

  return (
    <div className="apply">
      <h1>Apply to a connection</h1>
      <p className="muted">
        Creates the model&apos;s tables (keys, indexes, projections, billing, class, TTL) on a connection and loads sample items of every entity, made from the model
        as verify makes them. A table that exists is refused unless skipped. The load is journaled: Undo in the journal takes it back.
      </p>
      <ErrorNote error={parseError} />
      {model !== undefined && (
        <p>
          Model <strong>{model.name}</strong>: {model.tables.map((table) => table.name).join(', ')}.
        </p>
      )}
      <form
        className="apply-form"
        aria-label="Apply the model"
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          void apply.run(() => startApply(connection.id, choices(), skipExisting));
        }}
      >
        <div className="apply-row">
          <label htmlFor={`${id}-connection`}>Connection</label>
          <select id={`${id}-connection`} value={connection?.id ?? ''} onChange={(event) => setChosenId(event.target.value)} disabled={running}>
            {connections.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
                {each.safety === 'read-only' ? ' (read-only)' : each.kind === 'aws' ? ' (AWS: real tables, billed writes)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="apply-row">
          <label htmlFor={`${id}-prefix`}>Table name prefix</label>
          <input id={`${id}-prefix`} value={prefix} placeholder="none" onChange={(event) => setPrefix(event.target.value)} disabled={running} />
        </div>
        <div className="apply-row">
          <label htmlFor={`${id}-sample`}>Sample items per entity</label>
          <input id={`${id}-sample`} inputMode="numeric" value={sampleText} aria-invalid={!sample.ok} onChange={(event) => setSampleText(event.target.value)} disabled={running} />
          {!sample.ok && <span className="apply-error">{sample.message}</span>}
        </div>
        <div className="apply-row">
          <input id={`${id}-skip`} type="checkbox" checked={skipExisting} onChange={(event) => setSkipExisting(event.target.checked)} disabled={running} />
          <label htmlFor={`${id}-skip`}>Skip tables that exist (leave them as they are)</label>
        </div>
        <div className="apply-row">
          <button type="button" onClick={showPreview} disabled={!ready}>
            Preview
          </button>
          <button type="submit" className="primary" disabled={!ready || connection?.safety === 'read-only'}>
            {running ? 'Applying…' : 'Apply'}
          </button>
          {connection?.safety === 'read-only' && <span className="apply-error">{connection.name} is read-only: choose another connection.</span>}
        </div>
      </form>
      <ErrorNote error={previewError} />
      {preview !== undefined && <ApplyPreviewView preview={preview} />}
      {apply.job !== undefined && <JobProgress job={apply.job} onCancel={apply.cancel} />}
      <ErrorNote error={apply.error} />
      {apply.job?.state === 'failed' && <ErrorNote error={new Error(apply.job.error !== undefined ? `${apply.job.error.type}: ${apply.job.error.message}` : 'the apply failed')} />}
      {result !== undefined && (
        <ul aria-label="Applied tables" className="apply-result">
          {result.tables.map((table) => (
            <li key={table.name}>
              {table.outcome === 'created' ? `Created ${table.name}` : `Skipped ${table.name} (it exists)`}
              {table.loaded > 0 ? `, ${table.loaded} sample items loaded` : ''}
            </li>
          ))}
        </ul>
      )}
      {model !== undefined && model.tables.length > 0 && <ComparePanel connectionId={connection?.id} model={document.text} source={document.fileName} suggested={`${prefix}${model.tables[0]!.name}`} />}
    </div>
  );
}
