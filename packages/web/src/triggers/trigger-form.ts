/**
 * The add-a-trigger form: its fields as typed (text), their defaults
 * (Lambda's), and the request they make, or what is wrong with them. The
 * server checks the same ranges again and answers the same words.
 */
import type { TriggerSettings } from '../api/types.js';

export type TriggerRequest = Omit<TriggerSettings, 'onFailure'> & { onFailure?: string };

export interface TriggerDraft {
  handler: string;
  batchSize: string;
  window: string;
  start: 'LATEST' | 'TRIM_HORIZON';
  bisect: boolean;
  retries: string;
  reportFailures: boolean;
  timeout: string;
  onFailure: string;
  /** One JSON pattern per line. */
  filters: string;
}

export const EMPTY_DRAFT: TriggerDraft = {
  handler: '',
  batchSize: '100',
  window: '0',
  start: 'LATEST',
  bisect: false,
  retries: '-1',
  reportFailures: false,
  timeout: '3',
  onFailure: '',
  filters: '',
};

const RANGES = {
  batchSize: [1, 10000],
  window: [0, 300],
  retries: [-1, 10000],
  timeout: [1, 900],
} as const;

/** The request, or the first problem found (named as the form names the field). */
export function triggerRequest(table: string, draft: TriggerDraft): { request: TriggerRequest } | { problem: string } {
  const handler = draft.handler.trim();
  if (handler === '') return { problem: 'Give the handler file (.mjs or .js) on this machine' };
  const numbers: Partial<Record<keyof typeof RANGES, number>> = {};
  for (const [name, [min, max]] of Object.entries(RANGES) as Array<[keyof typeof RANGES, readonly [number, number]]>) {
    const text = draft[name].trim();
    const value = Number(text);
    if (!/^-?\d+$/.test(text) || value < min || value > max) return { problem: `${name} must be a whole number from ${min} to ${max}` };
    numbers[name] = value;
  }
  const filters = draft.filters.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  for (const [index, filter] of filters.entries()) {
    try {
      JSON.parse(filter);
    } catch {
      return { problem: `Filter pattern ${index + 1} is not JSON` };
    }
  }
  const onFailure = draft.onFailure.trim();
  return {
    request: {
      table,
      handler,
      batchSize: numbers.batchSize!,
      window: numbers.window!,
      start: draft.start,
      bisect: draft.bisect,
      retries: numbers.retries!,
      reportFailures: draft.reportFailures,
      timeout: numbers.timeout!,
      filters,
      ...(onFailure === '' ? {} : { onFailure }),
    },
  };
}

/** The settings in a line, in the flag's words (`batchSize=10, bisect, …`), defaults left out. */
export function settingsSummary(settings: TriggerSettings): string {
  const parts = [`batchSize=${settings.batchSize}`];
  if (settings.window !== 0) parts.push(`window=${settings.window}s`);
  parts.push(`start=${settings.start}`);
  if (settings.bisect) parts.push('bisect');
  parts.push(settings.retries === -1 ? 'retries until success' : `retries=${settings.retries}`);
  if (settings.reportFailures) parts.push('reportFailures');
  if (settings.filters.length > 0) parts.push(`${settings.filters.length} filter${settings.filters.length === 1 ? '' : 's'}`);
  parts.push(`timeout=${settings.timeout}s`);
  if (settings.onFailure !== undefined) parts.push(`onFailure=${settings.onFailure}`);
  return parts.join(', ');
}
