/** The add-a-trigger form: the request it makes, what it refuses, and the settings' one-line summary. */
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, settingsSummary, triggerRequest } from '../../src/triggers/trigger-form.js';

describe('the trigger form', () => {
  it("makes the request with Lambda's defaults, one filter pattern per line, no on-failure file when empty", () => {
    expect(triggerRequest('Orders', { ...EMPTY_DRAFT, handler: ' ./h.mjs ', filters: '{"eventName":["INSERT"]}\n\n {"eventName":["REMOVE"]} ' })).toEqual({
      request: {
        table: 'Orders',
        handler: './h.mjs',
        batchSize: 100,
        window: 0,
        start: 'LATEST',
        bisect: false,
        retries: -1,
        reportFailures: false,
        timeout: 3,
        filters: ['{"eventName":["INSERT"]}', '{"eventName":["REMOVE"]}'],
      },
    });
    expect(triggerRequest('Orders', { ...EMPTY_DRAFT, handler: 'h.mjs', onFailure: 'f.jsonl', bisect: true })).toMatchObject({ request: { onFailure: 'f.jsonl', bisect: true } });
  });

  it.each([
    [{ handler: '' }, 'Give the handler file (.mjs or .js) on this machine'],
    [{ batchSize: '0' }, 'batchSize must be a whole number from 1 to 10000'],
    [{ window: '1.5' }, 'window must be a whole number from 0 to 300'],
    [{ retries: '-2' }, 'retries must be a whole number from -1 to 10000'],
    [{ timeout: '' }, 'timeout must be a whole number from 1 to 900'],
    [{ filters: '{"eventName":' }, 'Filter pattern 1 is not JSON'],
  ])('refuses %j', (change, problem) => {
    expect(triggerRequest('Orders', { ...EMPTY_DRAFT, handler: 'h.mjs', ...change })).toEqual({ problem });
  });

  it('sums the settings up in the flag’s words, leaving defaults out', () => {
    const settings = { table: 'Orders', handler: '/h.mjs', batchSize: 10, window: 0, start: 'TRIM_HORIZON', bisect: true, retries: 2, reportFailures: false, filters: ['{}'], timeout: 3, onFailure: undefined } as const;
    expect(settingsSummary(settings)).toBe('batchSize=10, start=TRIM_HORIZON, bisect, retries=2, 1 filter, timeout=3s');
  });
});
