/**
 * Guards: the import readers were already bounded when the hostile-depth
 * findings were fixed (their own depth limits, and core's wire reader's), so
 * these pass on the code before the fix too. They keep it so: 10,000 levels
 * of lists and maps, and 100,000 open brackets, in every import format are a
 * clear per-line error, never a stack overflow.
 */
import { describe, expect, it } from 'vitest';
import { readItems, type DataFormat } from '../../src/transfer/formats.js';

async function* chunks(text: string): AsyncIterable<string> {
  yield text;
}

const deepWire = (n: number) => '{"L":['.repeat(n) + '{"S":"x"}' + ']}'.repeat(n);

async function readAll(format: DataFormat, text: string): Promise<unknown> {
  try {
    const items: unknown[] = [];
    for await (const item of readItems(format, chunks(text), { workbenchTable: 't' } as never)) items.push(item);
    return items;
  } catch (error) {
    return error;
  }
}

describe('guard: import formats refuse hostile nesting with a clear error', () => {
  const cases: Array<[DataFormat, string, RegExp]> = [
    ['dynamodb-json', `{"Item":{"pk":{"S":"a"},"d":${deepWire(10_000)}}}\n`, /^Line 1: Nesting Levels have exceeded supported limits/],
    ['dynamodb-json', `${'['.repeat(100_000)}\n`, /^Line 1: not valid JSON/],
    ['s3-export', `{"Item":{"pk":{"S":"a"},"d":${deepWire(10_000)}}}\n`, /^Line 1: Nesting Levels have exceeded supported limits/],
    ['jsonl', `{"pk":"a","d":${'['.repeat(10_000)}${']'.repeat(10_000)}}\n`, /^Line 1: not valid JSON: nested more than 64 levels deep \(DynamoDB allows 32\)/],
    ['json', `[{"pk":{"S":"a"},"d":${deepWire(10_000)}}]`, /^Line 1: Nesting Levels have exceeded supported limits/],
    ['json', '['.repeat(100_000), /^Line 1: not valid JSON/],
    ['nosql-workbench', `{"ModelName":"m","DataModel":[{"TableName":"t","TableData":[{"pk":{"S":"a"},"d":${deepWire(10_000)}}]}]}`, /^Line 1: Nesting Levels have exceeded supported limits/],
  ];
  it.each(cases)('%s', async (format, text, message) => {
    const result = await readAll(format, text);
    expect(result).toBeInstanceOf(Error);
    expect((result as Error).message).toMatch(message);
    expect((result as Error).message).not.toMatch(/Maximum call stack/);
  });
});
