/**
 * The embedded engine on disk, opened only while it is used: a burst of
 * requests opens it (and takes the data folder's lock), and it is closed again
 * once no request has come for `idleMs`. For `dynotable mcp`, which an agent
 * keeps running for its whole session: between calls the folder is free, so
 * a workbench started on it later gets it. While another DynoTable holds the
 * folder, each request is refused with what is happening and what to do.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DATABASE_FILE, DataDirectoryInUseError, engineRequestHandler, openEngine, type Engine, type EngineRequestHandler } from '@dynotable/engine';
import { DataError } from '../data/errors.js';
import { openWhenFree } from './open-when-free.js';

export interface OnDemandOptions {
  readonly readOnly: boolean;
  /** How long the engine stays open after its last request. */
  readonly idleMs: number;
  /** Fills a new database with the examples; runs while the first open holds the folder. */
  readonly seed?: (engine: Engine) => Promise<unknown>;
  /** Told when the folder is held elsewhere at start (the command goes on; requests say why they fail). */
  readonly onHeldElsewhere?: (message: string) => void;
}

export interface OnDemandEmbedded {
  readonly client: DynamoDBClient;
  close(): void;
}

/** A request that meets a held folder waits this long for it before it is refused (another agent's burst ends sooner). */
const REQUEST_WAIT_MS = 500;

function heldElsewhere(dataDir: string): DataError {
  return new DataError(
    'conflict',
    'DataDirectoryInUse',
    `The data folder ${dataDir} is in use by another DynoTable, usually the workbench on it, so this dynotable mcp cannot open its embedded engine now. ` +
      "While the workbench runs, reach the embedded engine through the workbench's MCP endpoint: start the workbench with dynotable --mcp (or switch MCP on in it) and connect the agent to its /mcp. " +
      'Proposed writes for the other connections still wait in the folder for review, and this engine answers here again once the workbench stops.',
  );
}

export async function openEmbeddedOnDemand(dataDir: string, options: OnDemandOptions): Promise<OnDemandEmbedded> {
  let engine: Engine | undefined;
  let handler: EngineRequestHandler | undefined;
  let opening: Promise<void> | undefined;
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let closed = false;

  function release(): void {
    if (engine === undefined) return;
    const held = engine;
    engine = undefined;
    handler = undefined;
    held.close();
  }

  async function open(waitMs: number): Promise<void> {
    const opened = await openWhenFree(() => openEngine({ dataDir, readOnly: options.readOnly }), waitMs);
    if (closed) {
      opened.close();
      throw new DataError('conflict', 'ConnectionClosed', 'This connection was closed.');
    }
    engine = opened;
    handler = engineRequestHandler(opened);
  }

  /** Holds the engine open for one request; the returned function lets it go. */
  async function acquire(): Promise<() => void> {
    inFlight += 1;
    clearTimeout(idleTimer);
    try {
      if (engine === undefined) {
        opening ??= open(REQUEST_WAIT_MS).finally(() => (opening = undefined));
        await opening;
      }
    } catch (error) {
      letGo();
      throw error instanceof DataDirectoryInUseError ? heldElsewhere(dataDir) : error;
    }
    return letGo;
  }

  function letGo(): void {
    inFlight -= 1;
    if (inFlight > 0 || closed) return;
    idleTimer = setTimeout(() => {
      if (inFlight === 0) release();
    }, options.idleMs);
    idleTimer.unref();
  }

  const requestHandler: EngineRequestHandler = {
    metadata: { handlerProtocol: 'in-process' },
    handle(request, handlerOptions) {
      // The middleware below opened the engine for this request.
      if (handler === undefined) throw new DataError('conflict', 'ConnectionClosed', 'The embedded engine is not open.');
      return handler.handle(request, handlerOptions);
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
    destroy() {},
  };
  // What inProcessClientConfig gives, with the engine of the moment behind the handler.
  const client = new DynamoDBClient({
    endpoint: 'http://engine.local',
    region: 'us-east-1',
    credentials: { accessKeyId: 'dynotable', secretAccessKey: 'dynotable' },
    requestHandler,
  });
  // Outermost step: the engine is held from before the request is built until its answer is read.
  client.middlewareStack.add(
    (next) => async (args) => {
      const done = await acquire();
      try {
        return await next(args);
      } finally {
        done();
      }
    },
    { step: 'initialize', name: 'dynotableEngineOnDemand' },
  );

  // The first open: a new folder gets its database (and the examples) now, as the other commands do.
  const fresh = !options.readOnly && !existsSync(join(dataDir, DATABASE_FILE));
  try {
    const done = await acquire();
    try {
      if (fresh && options.seed !== undefined && engine !== undefined) await options.seed(engine);
    } finally {
      done();
    }
  } catch (error) {
    if (!(error instanceof DataError && error.type === 'DataDirectoryInUse')) {
      closed = true;
      release();
      client.destroy();
      throw error;
    }
    options.onHeldElsewhere?.(error.message);
  }

  return {
    client,
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(idleTimer);
      release();
      client.destroy();
    },
  };
}
