import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Item } from '@dynotable/core';
import { itemArbitrary } from '../../../core/test/support/arbitraries-values.js';
import { CsvColumnSet } from '../../src/transfer/csv-format.js';
import { TransferInputError } from '../../src/transfer/errors.js';
import { FORMATS, detectFormat, readItems, writeItems, type DataFormat } from '../../src/transfer/formats.js';
import type { TableShape } from '../../src/data/table-description.js';
import { collectText, textChunks } from '../../src/transfer/text-chunks.js';

const table: TableShape = { name: 'Things', keys: { partition: { name: 'pk', type: 'S' }, partitionKeys: [{ name: 'pk', type: 'S' }], sortKeys: [] }, indexes: [], billingMode: 'PAY_PER_REQUEST', tableClass: 'STANDARD', itemCount: 0 };

async function* each<T>(values: readonly T[]): AsyncIterable<T> {
  yield* values;
}

async function write(format: DataFormat, items: readonly Item[]): Promise<string> {
  const columns = new CsvColumnSet();
  items.forEach((item) => columns.addItem(item));
  return collectText(writeItems(format, each(items), { table, columns: columns.columns }));
}

async function read(format: DataFormat, text: string, chunkSize = 1 << 16, options = {}): Promise<Item[]> {
  const items: Item[] = [];
  for await (const { item } of readItems(format, textChunks(text, chunkSize), options)) items.push(item);
  return items;
}

async function readError(format: DataFormat, text: string, options = {}): Promise<TransferInputError> {
  try {
    await read(format, text, 1 << 16, options);
  } catch (error) {
    if (error instanceof TransferInputError) return error;
    throw error;
  }
  throw new Error('expected the read to fail');
}

describe('every format', () => {
  // Every lossless format of the registry (plain JSON lines: test/data-cli/formats.test.ts).
  for (const format of FORMATS.filter((entry) => entry.lossless).map((entry) => entry.name)) {
    it(`${format}: items written and read back are the same, however the text is cut into chunks`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(itemArbitrary(), { maxLength: 12 }), fc.integer({ min: 1, max: 64 }), async (items, chunkSize) => {
          const text = await write(format, items);
          expect(await read(format, text, chunkSize)).toEqual(items);
        }),
        { numRuns: 150 },
      );
    });

    it(`${format}: the format is recognised from the start of its text`, async () => {
      const text = await write(format, [{ pk: { S: 'a' }, n: { N: '1' } }]);
      // An S3 export's data file is DynamoDB JSON lines.
      expect(detectFormat(text.slice(0, 200))).toBe(format === 's3-export' ? 'dynamodb-json' : format);
    });
  }
});

describe('DynamoDB JSON lines', () => {
  it('reads wrapped lines (DynamoDB export to S3) and bare items, skipping blank lines', async () => {
    const text = '{"Item":{"pk":{"S":"a"},"n":{"N":"12345678901234567890123456789012345678"}}}\n\n{"pk":{"S":"b"},"b":{"B":"AAEC"}}\r\n';
    expect(await read('dynamodb-json', text)).toEqual([
      { pk: { S: 'a' }, n: { N: '12345678901234567890123456789012345678' } },
      { pk: { S: 'b' }, b: { B: new Uint8Array([0, 1, 2]) } },
    ]);
  });

  it('names the line of a malformed item, with DynamoDB’s error', async () => {
    const error = await readError('dynamodb-json', '{"pk":{"S":"a"}}\n{"pk":{"N":5}}\n');
    expect(error.line).toBe(2);
    expect(error.type).toBe('SerializationException');
  });

  it('names the line of text that is not JSON', async () => {
    const error = await readError('dynamodb-json', '{"pk":{"S":"a"}}\n\n{"pk":\n');
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/^Line 3: not valid JSON/);
  });
});

describe('JSON array', () => {
  it('reads the output of aws dynamodb scan', async () => {
    const text = JSON.stringify({ Items: [{ pk: { S: 'a' } }, { pk: { S: 'b' }, s: { SS: ['x', 'y'] } }], Count: 2, ScannedCount: 2 }, null, 2);
    expect(await read('json', text, 7)).toEqual([{ pk: { S: 'a' } }, { pk: { S: 'b' }, s: { SS: ['x', 'y'] } }]);
  });

  it('gives the line where a bad element starts', async () => {
    const error = await readError('json', '[\n{"pk":{"S":"a"}},\n{"pk":{"X":"b"}}\n]');
    expect(error.line).toBe(3);
  });

  it('refuses a document that is not an array of items', async () => {
    expect((await readError('json', '{"pk":{"S":"a"}}')).message).toMatch(/expected a JSON array/);
    expect((await readError('json', '[{"pk":{"S":"a"}}')).message).toMatch(/ends before it is complete/);
  });
});

describe('NoSQL Workbench', () => {
  const model = (tables: { name: string; data: unknown[] }[]) =>
    JSON.stringify({
      ModelName: 'm',
      DataModel: tables.map((t) => ({ TableName: t.name, KeyAttributes: { PartitionKey: { AttributeName: 'pk', AttributeType: 'S' } }, TableData: t.data })),
    });

  it('reads the first table with data, or the one named', async () => {
    const text = model([
      { name: 'A', data: [{ pk: { S: 'a1' } }] },
      { name: 'B', data: [{ pk: { S: 'b1' } }, { pk: { S: 'b2' } }] },
    ]);
    expect(await read('nosql-workbench', text)).toEqual([{ pk: { S: 'a1' } }]);
    expect(await read('nosql-workbench', text, 5, { workbenchTable: 'B' })).toEqual([{ pk: { S: 'b1' } }, { pk: { S: 'b2' } }]);
    expect((await readError('nosql-workbench', text, { workbenchTable: 'C' })).message).toMatch(/no TableData for a table named C/);
  });
});

describe('CSV', () => {
  it('writes typed headers, an empty cell for an absent attribute and "" for an empty one', async () => {
    const text = await write('csv', [
      { pk: { S: 'a' }, n: { N: '1.50' }, e: { S: '' } },
      { pk: { S: 'b' }, m: { M: { x: { NS: ['1', '2'] } } }, e: { N: '3' } },
    ]);
    expect(text).toBe('pk (S),n (N),e (S),m (M),e (N)\r\na,1.50,"",,\r\nb,,,"{""x"":{""NS"":[""1"",""2""]}}",3\r\n');
  });

  it('types untyped columns from a type row, and reads them as strings without one', async () => {
    const text = 'pk,count,flag,tags (SS)\nS,N,BOOL,\nA,007,TRUE,"[""x""]"\n';
    expect(await read('csv', text, 3, { csvTypeRow: true })).toEqual([{ pk: { S: 'A' }, count: { N: '007' }, flag: { BOOL: true }, tags: { SS: ['x'] } }]);
    expect(await read('csv', 'pk,count\nA,7\n')).toEqual([{ pk: { S: 'A' }, count: { S: '7' } }]);
  });

  it('keeps quoted commas, quotes and line breaks, and counts lines across them', async () => {
    const text = 'pk (S),note (S)\n"a","one, ""two""\nthree"\nb,x,y\n';
    const error = await readError('csv', text);
    expect(error.line).toBe(4);
    expect(error.message).toMatch(/3 cells but the header names 2 columns/);
    expect(await read('csv', 'pk (S),note (S)\n"a","one, ""two""\nthree"\n')).toEqual([{ pk: { S: 'a' }, note: { S: 'one, "two"\nthree' } }]);
  });

  it('round-trips 38-digit numbers, sets and binary exactly: every cell stays text, never a JavaScript number', async () => {
    const items: Item[] = [
      {
        pk: { S: '007' },
        big: { N: '12345678901234567890123456789012345678' },
        tiny: { N: '-1.5E-130' },
        exact: { N: '0.10000000000000000000000000000000000001' },
        padded: { N: '1.50' },
        ns: { NS: ['99999999999999999999999999999999999999', '1E+125', '-0.000000000000000000000000000000000000001'] },
        ss: { SS: ['a, "b"', 'line\nbreak', ' spaced '] },
        bin: { B: new Uint8Array([0, 255, 1, 128, 10, 13]) },
        bs: { BS: [new Uint8Array([]), new Uint8Array([0xff, 0xfe])] },
        m: { M: { n: { N: '98765432109876543210987654321098765432' }, l: { L: [{ NS: ['1.000'] }, { B: new Uint8Array([7]) }] } } },
        empty: { S: '' },
        nothing: { NULL: true },
      },
      { pk: { S: 'b' }, big: { S: '12345678901234567890123456789012345678' }, bin: { B: new Uint8Array([]) } },
    ];
    const text = await write('csv', items);
    expect(text).toContain(',12345678901234567890123456789012345678,');
    expect(text).toContain('-1.5E-130');
    expect(text).not.toMatch(/e\+37|1\.2345678901234568/i);
    for (const chunkSize of [1, 7, 1 << 16]) expect(await read('csv', text, chunkSize)).toEqual(items);
  });

  it('tells "" (an empty value) from an empty cell (absent), with any line ends and a byte-order mark', async () => {
    const text = '\uFEFFpk (S),a (S),b (S),c (N)\r\nx,"",,\n\r\n"y",," ",\r"z","","",1\n';
    expect(await read('csv', text, 2)).toEqual([
      { pk: { S: 'x' }, a: { S: '' } },
      { pk: { S: 'y' }, b: { S: ' ' } },
      { pk: { S: 'z' }, a: { S: '' }, b: { S: '' }, c: { N: '1' } },
    ]);
  });

  it('says what is wrong with malformed CSV, and on which line the record starts', async () => {
    const cases: [string, number, RegExp][] = [
      ['pk (S)\na\nb"c\n', 3, /a double quote inside an unquoted field/],
      ['pk (S),n (S)\na,"b"c\n', 2, /a quoted field must end at a comma or the end of the line/],
      ['pk (S),n (S)\na,b\nc,"d\ne\n', 3, /a quoted field is not closed before the end of the file/],
    ];
    for (const [text, line, message] of cases) {
      const error = await readError('csv', text);
      expect(error.line).toBe(line);
      expect(error.type).toBe('SerializationException');
      expect(error.message).toMatch(message);
    }
  });

  it('names the line and column of a bad cell', async () => {
    const error = await readError('csv', 'pk (S),b (B),ok (BOOL)\na,AAEC,true\nb,AAEC,maybe\n');
    expect(error.line).toBe(3);
    expect(error.detail).toBe("column 'ok (BOOL)': must be true or false");
  });
});
