/**
 * Follows a job through its server-sent events. The stream ends after the
 * final snapshot; EventSource would reconnect, so it is closed right there.
 */
import { segment } from './client.js';
import type { JobSnapshot } from './types.js';

export interface JobWatch {
  /** Resolves with the final snapshot (succeeded, failed or cancelled). */
  readonly done: Promise<JobSnapshot>;
  /** Stops listening (the job goes on; cancel it with DELETE /api/jobs/:id). */
  close(): void;
}

export function watchJob(jobId: string, onSnapshot: (job: JobSnapshot) => void = () => {}): JobWatch {
  const events = new EventSource(`/api/jobs/${segment(jobId)}/events`, { withCredentials: true });
  let settle: (job: JobSnapshot) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<JobSnapshot>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  // Closing without awaiting `done` is fine: no unhandled rejection.
  done.catch(() => {});
  events.onmessage = (message: MessageEvent<string>) => {
    const job = JSON.parse(message.data) as JobSnapshot;
    onSnapshot(job);
    if (job.state !== 'running') {
      events.close();
      settle(job);
    }
  };
  events.onerror = () => {
    // Closed by the server before a final snapshot (the server stopped, or the job is unknown).
    if (events.readyState === EventSource.CLOSED) fail(new Error(`The events of job ${jobId} stopped before it ended`));
  };
  return {
    done,
    close() {
      events.close();
      fail(new Error('stopped watching'));
    },
  };
}
