/**
 * What the API and the command line show of triggers: each trigger's settings
 * and state, and its log — one event per invocation (with the handler's output
 * and error), per batch given up (the on-failure record), per change of state.
 */
// Types only, and nothing that needs Node: the web app reads these shapes too.
import type { TriggerSettings } from './settings.js';

export type { TriggerSettings } from './settings.js';

/** What the handler threw (or why its call failed). */
export interface HandlerError {
  /** The error's name (`Error`, `TypeError`, `TimeoutError`, …). */
  readonly type: string;
  readonly message: string;
  readonly stack?: string;
}

/** One console line of the handler's, kept with its call. */
export interface OutputLine {
  readonly stream: 'stdout' | 'stderr';
  readonly text: string;
}

export interface TriggerInfo {
  readonly id: string;
  readonly settings: TriggerSettings;
  /** waiting: no table or no stream yet; running: reading the stream; stopped: removed. */
  readonly state: 'waiting' | 'running' | 'stopped';
  readonly streamArn?: string;
  readonly invocations: number;
  /** Records given up (sent to the on-failure destination). */
  readonly recordsGivenUp: number;
}

interface EventBase {
  /** Increasing over the trigger set's events (a client's resume point). */
  readonly seq: number;
  readonly time: string;
  readonly triggerId: string;
  readonly table: string;
}

export interface InvocationEvent extends EventBase {
  readonly kind: 'invocation';
  readonly requestId: string;
  readonly shardId: string;
  readonly records: number;
  readonly firstSequenceNumber: string;
  readonly lastSequenceNumber: string;
  /** Retries used before this call (0: the first call of these records). */
  readonly retry: number;
  readonly bisected: boolean;
  readonly outcome: 'success' | 'partial' | 'error';
  readonly error?: HandlerError;
  /** The SequenceNumbers the handler named in batchItemFailures. */
  readonly batchItemFailures?: readonly string[];
  readonly output: readonly OutputLine[];
  readonly durationMs: number;
}

/**
 * Lambda's on-failure record for a stream (a batch whose retries are used
 * up), plus what only a local run can afford: the error and the records.
 */
export interface OnFailureRecord {
  readonly requestContext: { readonly requestId: string; readonly functionArn: string; readonly condition: 'RetryAttemptsExhausted'; readonly approximateInvokeCount: number };
  readonly responseContext: { readonly statusCode: 200; readonly executedVersion: '$LATEST'; readonly functionError: 'Unhandled' | 'PartialBatchFailure' };
  readonly version: '1.0';
  readonly timestamp: string;
  readonly DDBStreamBatchInfo: {
    readonly shardId: string;
    readonly startSequenceNumber: string;
    readonly endSequenceNumber: string;
    readonly approximateArrivalOfFirstRecord?: string;
    readonly approximateArrivalOfLastRecord?: string;
    readonly batchSize: number;
    readonly streamArn: string;
  };
  readonly error?: HandlerError;
  readonly records: readonly unknown[];
}

export interface FailureEvent extends EventBase {
  readonly kind: 'failure';
  readonly failure: OnFailureRecord;
}

interface StatusEvent extends EventBase {
  readonly kind: 'status';
  readonly level: 'info' | 'warning';
  readonly message: string;
}

export type TriggerEvent = InvocationEvent | FailureEvent | StatusEvent;

/** An event before the set numbers and stamps it. */
export type NewTriggerEvent = Omit<InvocationEvent, keyof EventBase> | Omit<FailureEvent, keyof EventBase> | Omit<StatusEvent, keyof EventBase>;
