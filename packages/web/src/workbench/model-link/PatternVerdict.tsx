/**
 * A pattern's verify verdict: the linked model proven on the embedded engine
 * (its tables under a temporary prefix, sample items, every pattern run and
 * compared, the tables removed), and this pattern's result from the report.
 */
import type { Model } from '@dynotable/core';
import { apiGet, apiPost, segment } from '../../api/client.js';
import type { ConnectionList, JobSnapshot } from '../../api/types.js';
import { ErrorNote } from '../../app/ErrorNote.js';
import { useJob } from '../../app/use-job.js';
import { asVerifyReport } from '../../verify/verify-report.js';

/** Sample items per verify run: enough for every pattern to return pages, quick on the embedded engine. */
const VERIFY_ITEMS = 300;

async function startVerify(model: Model): Promise<JobSnapshot> {
  const { connections } = await apiGet<ConnectionList>('/api/connections');
  const embedded = connections.find((connection) => connection.kind === 'embedded');
  if (embedded === undefined) throw new Error('There is no embedded engine to verify on.');
  return apiPost<JobSnapshot>(`/api/connections/${segment(embedded.id)}/verify`, { model, items: VERIFY_ITEMS });
}

export function PatternVerdict({ model, pattern }: { readonly model: Model; readonly pattern: string }) {
  const verify = useJob();
  const job = verify.job;
  const report = job?.state === 'succeeded' ? asVerifyReport(job.result) : undefined;
  const result = report?.patterns.find((candidate) => candidate.pattern === pattern);
  const running = job?.state === 'running';
  return (
    <div className="wb-row" aria-live="polite">
      <button type="button" disabled={running} onClick={() => void verify.run(() => startVerify(model))}>
        {running ? 'Verifying…' : 'Verify on the embedded engine'}
      </button>
      {result !== undefined && (
        <span className={result.passed ? 'wb-verdict-pass' : 'wb-verdict-fail'}>
          {result.passed
            ? `Verified: ${result.runs.length} run${result.runs.length === 1 ? '' : 's'} on ${VERIFY_ITEMS} sample items returned exactly the expected items, in order.`
            : `Failed: ${result.problem ?? 'the returned items differ from the expected ones'}`}
        </span>
      )}
      {job !== undefined && job.state !== 'running' && job.state !== 'succeeded' && <span className="wb-verdict-fail">Verify {job.state}.</span>}
      <ErrorNote error={verify.error} />
    </div>
  );
}
