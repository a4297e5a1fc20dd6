/** A job's phase and progress, with a cancel button while it runs. */
import type { JobSnapshot } from '../api/types.js';
import { formatCount } from './format.js';

export function JobProgress({ job, onCancel }: { readonly job: JobSnapshot; readonly onCancel: () => void }) {
  const { phase, done, total } = job.progress;
  const running = job.state === 'running';
  return (
    <div className="job-progress">
      <progress aria-label={`${job.kind} progress`} value={running ? done : 1} max={running ? Math.max(total, done, 1) : 1} />
      <span role="status">
        {running ? `${phase}: ${formatCount(done)}${total > 0 ? ` of ${formatCount(total)}` : ''}` : `${job.kind} ${job.state}`}
        {job.cancelling === true ? ' (cancelling…)' : ''}
      </span>
      {running && (
        <button type="button" onClick={onCancel} disabled={job.cancelling === true}>
          Cancel
        </button>
      )}
    </div>
  );
}
