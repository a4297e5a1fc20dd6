/**
 * The program of the worker thread a handler runs in, as text: the shipped
 * command is one bundle that calls no import() of its own (bundled-command
 * test), so the handler's module is imported here, in a worker of its own —
 * which also gives each reload a fresh module graph and lets a handler that
 * hangs be stopped.
 *
 * Messages in: `{type: 'invoke', id, event, context: {functionName, awsRequestId, timeoutMs}}`.
 * Out: `{type: 'started', id}` once the module is loaded and the handler called;
 * `{type: 'output', id, stream, text}` for each console line;
 * `{type: 'result', id, ok, result | error}`.
 */
export const HANDLER_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const { format } = require('node:util');

let current = null;
const STREAMS = { log: 'stdout', info: 'stdout', debug: 'stdout', warn: 'stderr', error: 'stderr', trace: 'stderr' };
for (const [method, stream] of Object.entries(STREAMS)) {
  console[method] = (...args) => parentPort.postMessage({ type: 'output', id: current, stream, text: format(...args) });
}

function errorOf(value) {
  if (value instanceof Error) return { type: value.name || 'Error', message: value.message, stack: value.stack };
  return { type: 'Error', message: typeof value === 'string' ? value : format(value) };
}

const loaded = import(pathToFileURL(workerData.file).href).then((module) => {
  const candidates = [module.handler, module.default && module.default.handler, module.default];
  const handler = candidates.find((each) => typeof each === 'function');
  if (handler === undefined) throw new TypeError(workerData.file + ' exports no function named handler (export const handler = async (event) => …)');
  return handler;
});

function call(handler, event, context) {
  // A handler of three parameters answers through its callback, as on Lambda.
  if (handler.length >= 3) {
    return new Promise((resolve, reject) => {
      const answer = handler(event, context, (error, result) => (error ? reject(error) : resolve(result)));
      if (answer && typeof answer.then === 'function') answer.then(resolve, reject);
    });
  }
  return handler(event, context);
}

parentPort.on('message', async (message) => {
  if (message.type !== 'invoke') return;
  const { id, event } = message;
  current = id;
  try {
    const handler = await loaded;
    const deadline = Date.now() + message.context.timeoutMs;
    const context = {
      functionName: message.context.functionName,
      awsRequestId: message.context.awsRequestId,
      callbackWaitsForEmptyEventLoop: true,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    };
    parentPort.postMessage({ type: 'started', id });
    const result = await call(handler, event, context);
    parentPort.postMessage({ type: 'result', id, ok: true, result: result === undefined ? null : JSON.parse(JSON.stringify(result)) });
  } catch (error) {
    parentPort.postMessage({ type: 'result', id, ok: false, error: errorOf(error) });
  }
});
`;
