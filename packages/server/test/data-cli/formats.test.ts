/** The formats `dynotable data` adds: plain JSON lines and DynamoDB's export to S3, and the DynamoDB JSON lines fast paths. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64, itemToWire, normalizeNumber, type AttributeValue, type Item } from '@dynotable/core';
import { itemArbitrary } from '../../../core/test/support/arbitraries-values.js';
import { readJsonLines } from '../../src/transfer/json-lines.js';
import { detectFormat, readItems, writeItems } from '../../src/transfer/formats.js';
import { fileText, sourceFiles, sourceItems, writeTextFile } from '../../src/transfer/data-files.js';
import { plainItemFromText, plainItemText } from '../../src/transfer/plain-json.js';
import { writeS3ExportFolder } from '../../src/transfer/s3-export-files.js';
import { collectText, textChunks } from '../../src/transfer/text-chunks.js';
import { readJsonLinePages, readWireLines } from '../../src/transfer/wire-lines.js';

async function* from<T>(values: readonly T[]): AsyncIterable<T> {
  yield* values;
}

async function collect<T>(values: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of values) out.push(value);
  return out;
}

/** What plain JSON keeps of a value: binary as base64 text, sets as lists; numbers compared by value. */
function plainView(value: AttributeValue): AttributeValue {
  if ('N' in value) return { N: normalizeNumber(value.N) };
  if ('B' in value) return { S: encodeBase64(value.B) };
  if ('SS' in value) return { L: value.SS.map((S) => ({ S })) };
  if ('NS' in value) return { L: value.NS.map((N) => ({ N: normalizeNumber(N) })) };
  if ('BS' in value) return { L: value.BS.map((bytes) => ({ S: encodeBase64(bytes) })) };
  if ('L' in value) return { L: value.L.map(plainView) };
  if ('M' in value) return { M: plainItemView(value.M) };
  return value;
}

function plainItemView(item: Item): Item {
  const out: Item = {};
  for (const name of Object.keys(item)) Object.defineProperty(out, name, { value: plainView(item[name]!), enumerable: true, writable: true, configurable: true });
  return out;
}

const wireText = (items: readonly Item[]) => JSON.stringify(items.map(itemToWire));

describe('plain JSON', () => {
  it('reads back what it writes, with exactly the losses it documents (binary → S, sets → L)', () => {
    fc.assert(
      fc.property(itemArbitrary(), (item) => {
        expect(plainItemView(plainItemFromText(plainItemText(item)))).toEqual(plainItemView(item));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the text of numbers as written, beyond what a double holds', () => {
    const item = plainItemFromText('{"a":12345678901234567890123456789012345678,"b":-0.000000000000000000000000000000000000001,"c":1.50E+3,"d":[0.1]}');
    expect(item).toEqual({ a: { N: '12345678901234567890123456789012345678' }, b: { N: '-0.000000000000000000000000000000000000001' }, c: { N: '1.50E+3' }, d: { L: [{ N: '0.1' }] } });
  });

  it('keeps __proto__ and escaped names as ordinary attributes', () => {
    const item = plainItemFromText('{"__proto__":"x","a\\"b":"\\u00e9\\n"}');
    expect(Object.keys(item)).toEqual(['__proto__', 'a"b']);
    expect(item['a"b']).toEqual({ S: 'é\n' });
    expect(plainItemText(item)).toBe('{"__proto__":"x","a\\"b":"é\\n"}');
  });

  it('refuses what is not one JSON object, saying where', () => {
    expect(() => plainItemFromText('[1]')).toThrow('one JSON object');
    expect(() => plainItemFromText('{"a":01}')).toThrow("'01' is not a JSON number (write it as digits, e.g. 12, -0.5 or 1.5E+3) at position 6");
    expect(() => plainItemFromText('{"a":1,"a":2}')).toThrow('the name "a" appears twice');
    expect(() => plainItemFromText('{"a":1} x')).toThrow('unexpected text after the end');
    expect(() => plainItemFromText('{"a":"b')).toThrow('a string is not closed');
    expect(() => plainItemFromText('{"a":tru}')).toThrow("unexpected 't'");
    expect(() => plainItemFromText(`{"a":${'['.repeat(100)}${']'.repeat(100)}}`)).toThrow('nested more than 64 levels deep');
  });

  it('reads plain JSON lines with their line numbers, skipping blank lines', async () => {
    const read = await collect(readItems('jsonl', textChunks('\uFEFF{"a":1}\r\n\n  \n{"b":"x"}', 3)));
    expect(read).toEqual([
      { line: 1, item: { a: { N: '1' } } },
      { line: 4, item: { b: { S: 'x' } } },
    ]);
    await expect(collect(readItems('jsonl', textChunks('{"a":1}\n[2]\n')))).rejects.toMatchObject({ line: 2 });
  });

  it('tells plain JSON lines from DynamoDB JSON lines', () => {
    expect(detectFormat('{"Item":{"pk":{"S":"a"}}}\n')).toBe('dynamodb-json');
    expect(detectFormat('{"pk":{"S":"a"},"n":{"N":"1"}}\n')).toBe('dynamodb-json');
    expect(detectFormat('{"pk":"a","n":1}\n')).toBe('jsonl');
    expect(detectFormat('{"pk":{"city":"Oslo"}}\n')).toBe('jsonl');
    expect(detectFormat('[{"pk":{"S":"a"}}]')).toBe('json');
    expect(detectFormat('pk (S),n (N)\r\n')).toBe('csv');
  });
});

describe('DynamoDB JSON lines fast paths', () => {
  const items = fc.array(itemArbitrary({ canonicalNumbers: true }), { maxLength: 12 });

  it('reads the same items and lines as readJsonLines, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(items, fc.integer({ min: 1, max: 200 }), fc.boolean(), async (list, size, crlf) => {
        const text = (await collectText(writeItems('dynamodb-json', from(list)))).replaceAll('\n', crlf ? '\r\n\n' : '\n');
        const expected = await collect(readJsonLines(textChunks(text, size)));
        const pages = (await collect(readJsonLinePages(textChunks(text, size)))).flat();
        expect(pages.map(({ line, item }) => ({ line, item }))).toEqual(expected);
        const wire = (await collect(readWireLines(textChunks(text, size)))).flat();
        expect(JSON.stringify(wire)).toBe(wireText(expected.map(({ item }) => item)));
      }),
      { numRuns: 60 },
    );
  });
});

describe('DynamoDB export to S3', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'dynotable-s3-export-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('round-trips any items through an export folder, with manifests that count them and checksum the data file', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(itemArbitrary(), { maxLength: 20 }), async (list) => {
        const out = join(folder, `export-${run++}`);
        let count = 0;
        const counted = async function* () {
          for (const item of list) {
            count++;
            yield item;
          }
        };
        const written = await writeS3ExportFolder(out, writeItems('s3-export', counted()), () => count, new Date());
        const files = await sourceFiles(out);
        expect(files).toEqual([written.dataFile]);
        const read = (await collect(sourceItems(files, 's3-export'))).flat();
        expect(wireText(read.map(({ item }) => item))).toBe(wireText(list));
        const manifest = JSON.parse(await readFile(join(out, 'manifest-files.json'), 'utf8')) as { itemCount: number; md5Checksum: string };
        expect(manifest.itemCount).toBe(list.length);
        expect(manifest.md5Checksum).toBe(createHash('md5').update(await readFile(written.dataFile)).digest('base64'));
      }),
      { numRuns: 25 },
    );
  });

  it('reads a single gzip data file, and every data file of a folder in the manifest order', async () => {
    const one = join(folder, 'one.json.gz');
    await writeTextFile(one, writeItems('s3-export', from<Item>([{ a: { S: 'x' } }])), { gzip: true });
    expect((await readFile(one))[0]).toBe(0x1f);
    expect(await collectText(fileText(one))).toBe('{"Item":{"a":{"S":"x"}}}\n');
    const many = join(folder, 'many');
    await writeS3ExportFolder(many, writeItems('s3-export', from<Item>([{ n: { N: '1' } }])), () => 1, new Date());
    const [first] = await sourceFiles(many);
    const second = join(many, 'data', 'aaaa.json');
    await writeFile(second, '{"Item":{"n":{"N":"2"}}}\n');
    await writeFile(join(many, 'manifest-files.json'), `${JSON.stringify({ dataFileS3Key: 'AWSDynamoDB/x/data/aaaa.json' })}\n${JSON.stringify({ dataFileS3Key: `AWSDynamoDB/x/${first!.slice(many.length + 1)}` })}\n`);
    const read = (await collect(sourceItems(await sourceFiles(many), 's3-export'))).flat();
    expect(read.map(({ item }) => item)).toEqual([{ n: { N: '2' } }, { n: { N: '1' } }]);
    // As downloaded from S3: the bucket's folder holds AWSDynamoDB/<export id>/.
    const bucket = join(folder, 'bucket');
    const exported = join(bucket, 'AWSDynamoDB', '01700000000000-abcdef12');
    await writeS3ExportFolder(exported, writeItems('s3-export', from<Item>([{ n: { N: '3' } }])), () => 1, new Date());
    const found = (await collect(sourceItems(await sourceFiles(bucket), 's3-export'))).flat();
    expect(found.map(({ item }) => item)).toEqual([{ n: { N: '3' } }]);
  });
});
