/** `--trigger TABLE=./handler.mjs[,name=value…]`: the settings it gives, and clear refusals. */
import { describe, expect, it } from 'vitest';
import { parseTriggerSpec } from '../../src/triggers/trigger-spec.js';

describe('a trigger spec', () => {
  it('takes the table and the handler, with Lambda defaults', () => {
    expect(parseTriggerSpec('Orders=./handler.mjs', '/projects/orders')).toEqual({
      table: 'Orders',
      handler: '/projects/orders/handler.mjs',
      batchSize: 100,
      window: 0,
      start: 'LATEST',
      bisect: false,
      retries: -1,
      reportFailures: false,
      filters: [],
      timeout: 3,
      onFailure: undefined,
    });
  });

  it('reads every option; JSON filters keep their commas', () => {
    const settings = parseTriggerSpec(
      'Orders=h.mjs,batchSize=10,window=2,start=trim_horizon,bisect,retries=3,reportFailures=true,timeout=9,onFailure=out/f.jsonl,filter={"eventName":["INSERT","MODIFY"]},filter={"dynamodb":{"Keys":{"pk":{"S":[{"prefix":"a,b"}]}}}}',
      '/w',
    );
    expect(settings).toMatchObject({ batchSize: 10, window: 2, start: 'TRIM_HORIZON', bisect: true, retries: 3, reportFailures: true, timeout: 9, onFailure: '/w/out/f.jsonl' });
    expect(settings.filters).toEqual(['{"eventName":["INSERT","MODIFY"]}', '{"dynamodb":{"Keys":{"pk":{"S":[{"prefix":"a,b"}]}}}}']);
  });

  it.each([
    ['Orders', 'a trigger is TABLE=./handler.mjs'],
    ['Orders=', 'a trigger is TABLE=./handler.mjs'],
    ['Orders=h.py', "the handler must be a .mjs, .js or .cjs file (got '/w/h.py')"],
    ['Orders=h.mjs,batch=5', "unknown trigger option 'batch' (known: batchSize, window, start, bisect, retries, reportFailures, filter, timeout, onFailure)"],
    ['Orders=h.mjs,batchSize=0', 'batchSize must be a whole number from 1 to 10000 (got 0)'],
    ['Orders=h.mjs,batchSize=ten', "batchSize must be a whole number (got 'ten')"],
    ['Orders=h.mjs,window=301', 'window must be a whole number from 0 to 300 (got 301)'],
    ['Orders=h.mjs,retries=-2', 'retries must be a whole number from -1, or 0 to 10000 (got -2)'],
    ['Orders=h.mjs,timeout=901', 'timeout must be a whole number from 1 to 900 (got 901)'],
    ['Orders=h.mjs,start=AT_TIMESTAMP', "start must be TRIM_HORIZON or LATEST (got 'AT_TIMESTAMP')"],
    ['Orders=h.mjs,bisect=yes', "bisect is true or false (got 'yes')"],
    ['Orders=h.mjs,filter={"eventName":"INSERT"}', 'filter pattern 1, at eventName: each field takes a list of matchers'],
    ['Orders=h.mjs,filter={},filter={},filter={},filter={},filter={},filter={}', 'at most 5 filter patterns (got 6)'],
  ])('%s is refused', (text, message) => {
    expect(() => parseTriggerSpec(text, '/w')).toThrow(message);
  });
});
