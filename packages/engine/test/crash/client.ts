/**
 * One client of the crash workload: sends its writes one at a time, records
 * every acknowledged answer (applied, or rejected by a condition) in the
 * model, and stops at the first write without an answer (the engine died, or
 * the request timed out): that write stays in flight until the next restart
 * settles it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { toJson } from './canonical.js';
import type { Model } from './model.js';
import type { WriteFactory } from './writes.js';

/** maxAttempts 1: a retried write would blur what was acknowledged. */
export function crashClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'crash', secretAccessKey: 'crash' },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 10_000, throwOnRequestTimeout: true },
  });
}

/** The HTTP status of an answer the engine gave, or undefined when none came back. */
function answeredStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

export interface ClientRun {
  client: DynamoDBClient;
  factory: WriteFactory;
  model: Model;
  lifecycle: number;
  /** Problems found while running; the run stops after this lifecycle if any. */
  failures: string[];
  /** Set by the runner to end the lifecycle without a kill. */
  stopped: () => boolean;
}

export async function runClient(run: ClientRun): Promise<{ sent: number }> {
  let sent = 0;
  while (!run.stopped()) {
    const planned = run.factory.next(run.lifecycle);
    const { write } = planned;
    run.model.begin(write);
    sent++;
    const where = `lifecycle ${run.lifecycle}, ${write.kind} ${write.id}`;
    let output: object;
    try {
      output = await planned.send(run.client);
    } catch (error) {
      const status = answeredStatus(error);
      // No answer, or an answer cut short (200 with an unreadable body): the write stays in flight.
      if (status === undefined || status === 200) return { sent };
      const name = (error as Error).name;
      if (status === 400 && name === planned.rejection) {
        if (write.expectApplied) {
          run.failures.push(`${where}: rejected by its condition, which the model says holds\n  request: ${toJson(write.request)}\n  answer: ${(error as Error).message}`);
          return { sent };
        }
        const problem = planned.checkRejection(error as object);
        if (problem !== undefined) run.failures.push(`${where}: ${problem}\n  request: ${toJson(write.request)}`);
        const reasons = (error as { CancellationReasons?: unknown }).CancellationReasons;
        run.model.acknowledge(write, false, { error: name, message: (error as Error).message, ...(reasons !== undefined && { reasons }) });
        if (problem !== undefined) return { sent };
        continue;
      }
      run.failures.push(`${where}: unexpected answer ${status} ${name}: ${(error as Error).message}\n  request: ${toJson(write.request)}`);
      return { sent };
    }
    const { $metadata: _metadata, ...answer } = output as { $metadata?: unknown };
    output = answer;
    if (!write.expectApplied) {
      run.failures.push(`${where}: applied although the model says its condition fails\n  request: ${toJson(write.request)}\n  answer: ${toJson(output)}`);
      run.model.acknowledge(write, true, output);
      return { sent };
    }
    run.model.acknowledge(write, true, output);
    const problem = planned.checkOutput(output);
    if (problem !== undefined) {
      run.failures.push(`${where}: ${problem}\n  request: ${toJson(write.request)}`);
      return { sent };
    }
  }
  return { sent };
}
