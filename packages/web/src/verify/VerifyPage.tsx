/**
 * Verify in the browser: the shared model proved on a connection (the
 * embedded engine by default) — sample items written through the model's
 * keys, every access pattern run and compared — with live progress, then each
 * pattern and write-path check passed or failed, the misplaced items side by
 * side, and any pattern opened in the live query panel.
 */
import { useState } from 'react';
import { apiPost, segment } from '../api/client.js';
import type { ConnectionInfo, JobSnapshot } from '../api/types.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { JobProgress } from '../app/JobProgress.js';
import { followLink, routePath } from '../app/router.js';
import { useJob } from '../app/use-job.js';
import { useModelDocument } from '../model-store/model-store.js';
import { useParsedModel } from '../model-store/parsed-model.js';
import { ConnectionChoice } from './ConnectionChoice.js';
import { canVerifyOn } from './connection-labels.js';
import { usePageSearch } from '../app/use-page-search.js';
import { verifiedRun, type VerifiedRun } from './verified-run.js';
import { asVerifyReport } from './verify-report.js';
import { chosenConnection, readChoices, readItems, readSeed, writeChoices, type VerifyChoices } from './verify-search.js';
import { VerifyOptions } from './VerifyOptions.js';
import { VerifyReportView } from './VerifyReportView.js';
import './verify.css';

const DESIGNER = routePath({ view: 'design', page: 'model' });

function NoModel() {
  return (
    <p>
      There is no model to verify yet. <a href={DESIGNER} onClick={(event) => followLink(event, DESIGNER)}>Design one first</a>: write its access patterns and the
      designer proposes the keys.
    </p>
  );
}

export function VerifyPage({ connections }: { readonly connections: readonly ConnectionInfo[] }) {
  const [document] = useModelDocument();
  const { parsed, error: parseError, loading } = useParsedModel(document);
  const [search, setSearch] = usePageSearch();
  const choices = readChoices(search);
  const connection = chosenConnection(connections, choices.connection);
  const items = readItems(choices.items);
  const seed = readSeed(choices.seed);
  const verify = useJob();
  const [ran, setRan] = useState<VerifiedRun | undefined>(undefined);
  /** From the click until the job ends: covers the confirmation dialog, before the job exists. */
  const [starting, setStarting] = useState(false);

  const change = (next: VerifyChoices) => setSearch((current) => writeChoices(current, next));
  const running = starting || verify.job?.state === 'running';
  const model = parseError === undefined ? parsed?.model : undefined;
  const ready = model !== undefined && connection !== undefined && canVerifyOn(connection) && items.ok && seed.ok && !running;

  const start = () => {
    if (!ready) return;
    // The run's connection goes in the URL, so the page can be shared as it ran.
    if (choices.connection !== connection.id) change({ ...choices, connection: connection.id });
    setRan(verifiedRun(connection.id, connection.name, model));
    const body = { model: document.text, source: document.fileName, items: items.value, seed: seed.value, keep: choices.keep };
    setStarting(true);
    void verify.run(() => apiPost<JobSnapshot>(`/api/connections/${segment(connection.id)}/verify`, body)).finally(() => setStarting(false));
  };

  const job = verify.job;
  const report = job?.state === 'succeeded' ? asVerifyReport(job.result) : undefined;

  return (
    <div className="verify">
      <h1>Verify</h1>
      <p className="muted">
        Prove the model on a live table: verify creates its tables under a temporary dtverify_ prefix, writes sample items through the model&apos;s keys, checks each write path,
        runs every access pattern and compares the answer with what the question means.
      </p>
      {document.text.trim() === '' ? (
        <NoModel />
      ) : (
        <>
          {parseError !== undefined && (
            <>
              <ErrorNote error={parseError} />
              <p>
                Fix the model in the <a href={DESIGNER} onClick={(event) => followLink(event, DESIGNER)}>designer</a> first.
              </p>
            </>
          )}
          {loading && parsed === undefined && <p className="muted">Reading the model…</p>}
          {model !== undefined && (
            <p>
              Model <strong>{model.name}</strong>: {model.accessPatterns.length} access patterns, {model.writePaths.length} write paths, {model.tables.length} table
              {model.tables.length === 1 ? '' : 's'}.
            </p>
          )}
          <form
            className="verify-form"
            aria-label="Verify the model"
            onSubmit={(event) => {
              event.preventDefault();
              start();
            }}
          >
            <ConnectionChoice connections={connections} chosen={connection} onChoose={(id) => change({ ...choices, connection: id })} disabled={running} />
            <VerifyOptions choices={choices} items={items} seed={seed} onChange={change} disabled={running} />
            <div className="verify-actions">
              <button type="submit" className="primary" disabled={!ready}>
                {running ? 'Verifying…' : connection?.kind === 'aws' ? 'Verify on AWS' : 'Verify'}
              </button>
              {connection !== undefined && !canVerifyOn(connection) && <span className="verify-refused">{connection.name} is read-only: choose another connection.</span>}
            </div>
          </form>
        </>
      )}
      {/* A finished run's report says what happened: the job's own "succeeded" would only say that it ran. */}
      {job !== undefined && report === undefined && <JobProgress job={job} onCancel={verify.cancel} />}
      <ErrorNote error={verify.error} />
      {job?.state === 'failed' && <ErrorNote error={new Error(job.error !== undefined ? `${job.error.type}: ${job.error.message}` : 'the verification failed')} />}
      {job?.state === 'cancelled' && <p role="status">Verification cancelled. Its temporary tables are removed unless Keep tables was ticked.</p>}
      {report !== undefined && ran !== undefined && <VerifyReportView view={{ report, run: ran }} />}
    </div>
  );
}
