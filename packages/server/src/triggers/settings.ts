/**
 * A trigger's settings: Lambda's event source mapping for a DynamoDB stream,
 * under short names (docs/triggers.md maps each to Lambda's). Defaults and
 * ranges are Lambda's, except where a laptop needs otherwise (said below).
 */
import { DataError } from '../data/errors.js';
import { recordFilter } from './filter-patterns.js';

type StartingPosition = 'TRIM_HORIZON' | 'LATEST';

export interface TriggerSettings {
  /** The table whose stream is read. */
  readonly table: string;
  /** The handler module (.mjs or .js), absolute. */
  readonly handler: string;
  /** BatchSize: 1–10000 records per invocation (default 100). */
  readonly batchSize: number;
  /** MaximumBatchingWindowInSeconds: 0–300; how long records are gathered before a batch that is not full is sent (default 0). */
  readonly window: number;
  /** StartingPosition of the shards open when the trigger starts (default LATEST; a stream that appears later is read from its start). */
  readonly start: StartingPosition;
  /** BisectBatchOnFunctionError (default false). */
  readonly bisect: boolean;
  /** MaximumRetryAttempts: -1 (until it succeeds) or 0–10000 (default -1, as Lambda). */
  readonly retries: number;
  /** FunctionResponseTypes ReportBatchItemFailures: honour `batchItemFailures` in the handler's answer (default false, as Lambda). */
  readonly reportFailures: boolean;
  /** FilterCriteria: up to 5 patterns (JSON text); a record matching any is delivered. None: every record. */
  readonly filters: readonly string[];
  /** The function's timeout, 1–900 seconds (default 3, as Lambda). */
  readonly timeout: number;
  /** The on-failure destination: a JSON-lines file, absolute; none keeps failures in the trigger's log only. */
  readonly onFailure: string | undefined;
}

export const DEFAULT_SETTINGS = {
  batchSize: 100,
  window: 0,
  start: 'LATEST',
  bisect: false,
  retries: -1,
  reportFailures: false,
  filters: [],
  timeout: 3,
  onFailure: undefined,
} as const satisfies Omit<TriggerSettings, 'table' | 'handler'>;

const MAX_FILTERS = 5;
/** Lambda's limit on one pattern's length. */
const MAX_FILTER_LENGTH = 4096;

function invalid(message: string): DataError {
  return new DataError('invalid', 'InvalidTrigger', message);
}

function wholeNumberIn(name: string, value: number, min: number, max: number, also?: number): void {
  if (!Number.isInteger(value) || ((value < min || value > max) && value !== also)) {
    const range = also === undefined ? `${min} to ${max}` : `${also}, or ${min} to ${max}`;
    throw invalid(`${name} must be a whole number from ${range} (got ${String(value)})`);
  }
}

/** Throws DataError invalid naming the setting that is out of Lambda's range. */
export function checkSettings(settings: TriggerSettings): TriggerSettings {
  if (settings.table === '') throw invalid('a trigger needs a table name');
  if (settings.handler === '') throw invalid('a trigger needs a handler file (.mjs or .js)');
  if (!/\.(mjs|js|cjs)$/.test(settings.handler)) throw invalid(`the handler must be a .mjs, .js or .cjs file (got '${settings.handler}')`);
  wholeNumberIn('batchSize', settings.batchSize, 1, 10000);
  wholeNumberIn('window', settings.window, 0, 300);
  wholeNumberIn('retries', settings.retries, 0, 10000, -1);
  wholeNumberIn('timeout', settings.timeout, 1, 900);
  if (settings.start !== 'LATEST' && settings.start !== 'TRIM_HORIZON') {
    throw invalid(`start must be TRIM_HORIZON or LATEST (got '${String(settings.start)}')`);
  }
  if (settings.filters.length > MAX_FILTERS) throw invalid(`at most ${MAX_FILTERS} filter patterns (got ${settings.filters.length})`);
  for (const filter of settings.filters) {
    if (filter.length > MAX_FILTER_LENGTH) throw invalid(`a filter pattern is at most ${MAX_FILTER_LENGTH} characters (got ${filter.length})`);
  }
  // Throws InvalidFilterPattern naming the pattern and the field at fault.
  recordFilter(settings.filters);
  return settings;
}
