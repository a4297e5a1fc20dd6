/** A job started from the UI, followed through its events until it ends. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { cancelJob } from '../api/endpoints.js';
import { watchJob, type JobWatch } from '../api/jobs.js';
import type { JobSnapshot } from '../api/types.js';

export interface JobControl {
  readonly job: JobSnapshot | undefined;
  readonly error: unknown;
  /** Starts the job (the route answers its first snapshot) and follows it. */
  readonly run: (start: () => Promise<JobSnapshot>) => Promise<JobSnapshot | undefined>;
  readonly cancel: () => void;
}

export function useJob(): JobControl {
  const [job, setJob] = useState<JobSnapshot | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const watch = useRef<JobWatch | undefined>(undefined);
  useEffect(() => () => watch.current?.close(), []);
  const run = useCallback(async (start: () => Promise<JobSnapshot>) => {
    setError(undefined);
    setJob(undefined);
    try {
      const first = await start();
      setJob(first);
      watch.current = watchJob(first.id, setJob);
      return await watch.current.done;
    } catch (failure) {
      setError(failure);
      return undefined;
    }
  }, []);
  const cancel = useCallback(() => {
    if (job !== undefined && job.state === 'running') cancelJob(job.id).catch(setError);
  }, [job]);
  return { job, error, run, cancel };
}
