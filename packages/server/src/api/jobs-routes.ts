/**
 * Jobs (verify, import, export, copy, purge): list, read, cancel, and follow
 * one as server-sent events — one `data:` line of JSON per change, the last
 * one the final snapshot (state other than `running`); then the stream ends.
 * An EventSource reconnects when a stream ends, so the client closes it on
 * the final snapshot.
 */
import { z } from 'zod';
import { defineStreamRoute, eventsFrom } from '../http/stream-route.js';
import type { StreamRoute } from '../http/stream-route.js';
import type { ServerContext } from './context.js';
import type { JobSnapshot } from '../data/job-types.js';
import { ApiError, defineRoute } from './route.js';
import type { Route } from './route.js';

function jobNotFound(id: string): ApiError {
  return new ApiError(404, 'JobNotFound', `No job '${id}': it never existed, or it finished long enough ago to be forgotten`);
}

function findJob(context: ServerContext, id: string): JobSnapshot {
  const snapshot = context.jobs.get(id);
  if (snapshot === undefined) throw jobNotFound(id);
  return snapshot;
}

const noInput = z.object({});

export const jobRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/api/jobs',
    input: noInput,
    summary: 'Running and recently finished jobs, newest first',
    handler: async (context) => ({ jobs: context.jobs.list() }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/jobs/:jobId',
    input: noInput,
    summary: "A job's state, progress, and result or error",
    handler: async (context, { params }) => findJob(context, params['jobId']!),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/jobs/:jobId',
    input: noInput,
    summary: 'Cancel a running job; it ends as cancelled once its work stops (a finished job is left as it is)',
    handler: async (context, { params }) => {
      const id = params['jobId']!;
      findJob(context, id);
      context.jobs.cancel(id);
      return findJob(context, id);
    },
  }),
];

export const jobStreamRoutes: StreamRoute[] = [
  defineStreamRoute({
    method: 'GET',
    path: '/api/jobs/:jobId/events',
    input: noInput,
    summary: "A job's snapshots as server-sent events, one per change, ending with the final one",
    open: async (context, { params, signal }) => {
      const id = params['jobId']!;
      findJob(context, id);
      return eventsFrom<JobSnapshot>(
        (push, end) =>
          context.jobs.watch(id, (snapshot) => {
            push(snapshot);
            if (snapshot.state !== 'running') end();
          }),
        signal,
      );
    },
  }),
];
