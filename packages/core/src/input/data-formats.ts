/**
 * The data formats of import and export, as the browser, the HTTP API, the
 * command line and the docs name them: one entry per format. The server pairs
 * each entry with its reader and writer (server/src/transfer/formats.ts, whose
 * table's type makes a new entry here need one there); the web's format list
 * and API types, the API's accepted formats and the CLI's help all come from
 * this list. Adding a format: one entry here, its reader and writer there.
 */

export interface DataFormatInfo {
  /** The name in the API, the CLI's --format and the result of a job. */
  readonly name: string;
  /** How the workbench's import/export dialog names it. */
  readonly label: string;
  /** The file name extension of an export (without the dot). */
  readonly extension: string;
  readonly contentType: string;
  /** Keeps every DynamoDB type (plain JSON has no binary and no sets). */
  readonly lossless: boolean;
  /** The CLI help's lines about it (wrapped at 56 columns). */
  readonly help: readonly string[];
}

const NDJSON = 'application/x-ndjson; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

export const DATA_FORMAT_INFO = [
  {
    name: 'dynamodb-json',
    label: 'DynamoDB JSON lines (one item per line)',
    extension: 'dynamodb.jsonl',
    contentType: NDJSON,
    lossless: true,
    help: ['DynamoDB JSON, one item per line (the default; lossless)'],
  },
  {
    name: 'jsonl',
    label: 'Plain JSON lines (binary and sets become strings and lists)',
    extension: 'jsonl',
    contentType: NDJSON,
    lossless: false,
    help: [
      'Plain JSON, one item per line: {"pk":"a","n":1.5}. Types are',
      'inferred on import (string S, number N with its exact digits,',
      'true/false BOOL, null NULL, array L, object M). LOSSY for',
      'binary (written as base64 strings) and sets (written as',
      'arrays): they come back as S and L.',
    ],
  },
  {
    name: 'json',
    label: 'JSON array of DynamoDB JSON items',
    extension: 'json',
    contentType: JSON_TYPE,
    lossless: true,
    help: ['One JSON array of DynamoDB JSON items (import also takes', '`aws dynamodb scan` output)'],
  },
  {
    name: 'csv',
    label: 'CSV (typed columns)',
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    lossless: true,
    help: ['CSV with typed column headers: `price (N)`'],
  },
  {
    name: 's3-export',
    label: 'DynamoDB export to S3 (a data file, uncompressed)',
    extension: 'json',
    contentType: NDJSON,
    lossless: true,
    help: [
      "DynamoDB's export to S3: a folder with manifest-summary.json,",
      'manifest-files.json and data/*.json.gz (gzip DynamoDB JSON',
      'lines); with an --output ending in .gz, one data file',
    ],
  },
  {
    name: 'nosql-workbench',
    label: 'NoSQL Workbench model',
    extension: 'nosql-workbench.json',
    contentType: JSON_TYPE,
    lossless: true,
    help: ['A NoSQL Workbench model holding the items'],
  },
] as const satisfies readonly DataFormatInfo[];

export type DataFormat = (typeof DATA_FORMAT_INFO)[number]['name'];

/** Every format's name, in the registry's order. */
export const DATA_FORMATS = DATA_FORMAT_INFO.map((info) => info.name) as unknown as readonly [DataFormat, ...DataFormat[]];
