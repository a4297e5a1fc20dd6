/**
 * The data routes run against the embedded engine in process: a real
 * ServerContext over a one-connection registry and a small job registry that
 * keeps every progress report, and a caller that matches a route, validates
 * its input with its zod schema and maps errors as the API does.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createEngine, inProcessClientConfig } from '@dynotable/engine';
import type { ServerContext } from '../../src/api/context.js';
import type { JobProgress, JobRegistry, JobSnapshot } from '../../src/data/job-types.js';
import { ApiError, type HttpMethod, type Route } from '../../src/api/route.js';
import { itemRoutes } from '../../src/api/items-routes.js';
import { tableRoutes } from '../../src/api/tables-routes.js';
import type { Connection, ConnectionInfo, ConnectionRegistry, SafetyMode } from '../../src/connections/registry-types.js';
import { mapError, type ErrorBody } from '../../src/http/error-mapping.js';
import { validationMessage } from '../../src/http/api-dispatch.js';
import { ModelLinks } from '../../src/links/model-links.js';
import { TableQueries } from '../../src/queries/table-queries.js';

export const CONNECTION = 'engine';

export interface RecordedJob {
  snapshot: JobSnapshot;
  readonly reports: JobProgress[];
  readonly done: Promise<void>;
  readonly controller: AbortController;
}

/** Runs each job at once and keeps every report, so tests can look at progress without timing. */
export class RecordingJobs implements JobRegistry {
  readonly jobs = new Map<string, RecordedJob>();

  start(kind: string, work: (report: (progress: JobProgress) => void, signal: AbortSignal) => Promise<unknown>): JobSnapshot {
    const id = `job-${this.jobs.size + 1}`;
    const controller = new AbortController();
    const reports: JobProgress[] = [];
    const snapshot: JobSnapshot = { id, kind, state: 'running', progress: { phase: 'starting', done: 0, total: 0 } };
    const record: RecordedJob = {
      snapshot,
      reports,
      controller,
      done: Promise.resolve()
        .then(() =>
          work((progress) => {
            reports.push(progress);
            record.snapshot = { ...record.snapshot, progress };
          }, controller.signal),
        )
        .then(
          (result) => void (record.snapshot = { ...record.snapshot, state: controller.signal.aborted ? 'cancelled' : 'succeeded', result }),
          (error: unknown) => {
            const body = mapError(error).body;
            record.snapshot = { ...record.snapshot, state: 'failed', error: { type: body.__type, message: body.message } };
          },
        ),
    };
    this.jobs.set(id, record);
    return snapshot;
  }

  list(): JobSnapshot[] {
    return [...this.jobs.values()].reverse().map((job) => job.snapshot);
  }

  get(id: string): JobSnapshot | undefined {
    return this.jobs.get(id)?.snapshot;
  }

  cancel(id: string): boolean {
    this.jobs.get(id)?.controller.abort();
    return this.jobs.has(id);
  }

  watch(): () => void {
    return () => {};
  }

  async finished(id: string): Promise<RecordedJob> {
    const job = this.jobs.get(id);
    if (job === undefined) throw new Error(`no job ${id}`);
    await job.done;
    return job;
  }
}

export interface Harness {
  readonly context: ServerContext;
  readonly jobs: RecordingJobs;
  readonly client: DynamoDBClient;
  /** Every operation the engine received, in order. */
  readonly operations: string[];
  call<T = Record<string, unknown>>(method: HttpMethod, path: string, input?: unknown): Promise<T>;
  /** The call's error as the API would answer it. */
  fail(method: HttpMethod, path: string, input?: unknown): Promise<ErrorBody & { status: number }>;
}

const ROUTES: readonly Route[] = [...tableRoutes, ...itemRoutes];

/** The route a request goes to, with its path parameters (a query string is ignored: inputs come apart). */
function matchRoute(routes: readonly Route[], method: HttpMethod, path: string): { route: Route; params: Record<string, string> } {
  const [pathname] = path.split('?');
  const segments = pathname!.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    if (pattern.every((part, i) => (part.startsWith(':') ? ((params[part.slice(1)] = decodeURIComponent(segments[i]!)), true) : part === segments[i]))) {
      return { route, params };
    }
  }
  throw new Error(`no route ${method} ${path}`);
}

/** Calls one of the routes' handlers as the API would (input validated), with this context. */
export async function callRouteIn<T>(routes: readonly Route[], context: ServerContext, method: HttpMethod, path: string, input: unknown = {}): Promise<T> {
  const { route, params } = matchRoute(routes, method, path);
  const parsed = route.input.safeParse(input);
  if (!parsed.success) throw new ApiError(400, 'ValidationException', validationMessage(parsed.error));
  return (await route.handler(context, { params, input: parsed.data, signal: new AbortController().signal })) as T;
}

/** The error a call ends in, as the API would answer it; a call that succeeds fails the test. */
export async function failureOf(call: Promise<unknown>, method: HttpMethod, path: string): Promise<ErrorBody & { status: number }> {
  try {
    await call;
  } catch (error) {
    const mapped = mapError(error);
    return { status: mapped.status, ...mapped.body };
  }
  throw new Error(`${method} ${path} did not fail`);
}

export function createHarness(safety: SafetyMode = 'full'): Harness {
  const engine = createEngine();
  const operations: string[] = [];
  const execute = engine.execute.bind(engine);
  const executeToJson = engine.executeToJson?.bind(engine);
  engine.execute = (operation, input) => (operations.push(operation), execute(operation, input));
  if (executeToJson) engine.executeToJson = (operation, input) => (operations.push(operation), executeToJson(operation, input));
  const executeToWire = engine.executeToWire?.bind(engine);
  if (executeToWire) engine.executeToWire = (operation, input) => (operations.push(operation), executeToWire(operation, input));
  const client = new DynamoDBClient(inProcessClientConfig(engine));
  const info: ConnectionInfo = { id: CONNECTION, name: 'Embedded', kind: 'embedded', safety };
  const connection: Connection = { info, client, close: async () => engine.close() };
  const unsupported = () => {
    throw new Error('not part of this test registry');
  };
  const connections: ConnectionRegistry = {
    list: () => [info],
    get(id) {
      if (id !== CONNECTION) throw new ApiError(404, 'ConnectionNotFound', `no connection ${id}`);
      return connection;
    },
    add: unsupported,
    setSafety: unsupported,
    remove: unsupported,
    closeAll: async () => engine.close(),
    ready: async () => undefined,
  };
  const jobs = new RecordingJobs();
  const context: ServerContext = { connections, jobs, readOnly: false, links: new ModelLinks(), queries: new TableQueries() };

  const call = <T>(method: HttpMethod, path: string, input: unknown = {}) => callRouteIn<T>(ROUTES, context, method, path, input);

  return {
    context,
    jobs,
    client,
    operations,
    call,
    fail: (method, path, input) => failureOf(call(method, path, input), method, path),
  };
}

export const tablesPath = `/api/connections/${CONNECTION}/tables`;
export const itemsPath = (table: string) => `${tablesPath}/${encodeURIComponent(table)}/items`;
