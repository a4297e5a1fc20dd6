/** A trigger's events as the `engine` command prints them: one line each, the handler's output indented under its call. */
import type { TriggerEvent } from '../triggers/trigger-types.js';

function sequenceRange(first: string, last: string): string {
  return first === last ? first : `${first}–${last}`;
}

export function triggerEventText(event: TriggerEvent): string {
  const who = `[trigger ${event.triggerId} ${event.table}]`;
  switch (event.kind) {
    case 'status':
      return `${who} ${event.level === 'warning' ? 'warning: ' : ''}${event.message}\n`;
    case 'invocation': {
      const records = `${event.records} record${event.records === 1 ? '' : 's'} (${sequenceRange(event.firstSequenceNumber, event.lastSequenceNumber)})`;
      const how = [event.retry > 0 ? `retry ${event.retry}` : '', event.bisected ? 'bisected' : ''].filter(Boolean).join(', ');
      const result =
        event.outcome === 'success'
          ? 'ok'
          : event.outcome === 'partial'
            ? `partial failure: ${(event.batchItemFailures ?? []).join(', ')}`
            : `${event.error?.type ?? 'Error'}: ${event.error?.message ?? ''}`;
      const output = event.output.map((line) => `    ${line.stream === 'stderr' ? '!' : '|'} ${line.text.replace(/\n/g, '\n      ')}\n`).join('');
      return `${who} ${records}${how === '' ? '' : ` [${how}]`} → ${result} (${event.durationMs} ms)\n${output}`;
    }
    case 'failure': {
      const info = event.failure.DDBStreamBatchInfo;
      const error = event.failure.error;
      return `${who} gave up ${info.batchSize} record${info.batchSize === 1 ? '' : 's'} (${sequenceRange(info.startSequenceNumber, info.endSequenceNumber)}) after ${event.failure.requestContext.approximateInvokeCount} calls${error === undefined ? '' : `: ${error.type}: ${error.message}`}\n`;
    }
  }
}
