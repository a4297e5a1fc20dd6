/**
 * Reads CSV (RFC 4180: commas, double quotes doubled inside quoted fields,
 * CRLF or LF line ends) as a stream of records. A field remembers whether it
 * was quoted, so `""` (an empty value) differs from nothing at all (absent).
 */
import { TransferInputError } from './errors.js';

export interface CsvField {
  readonly text: string;
  readonly quoted: boolean;
}

export interface CsvRecord {
  readonly fields: readonly CsvField[];
  /** 1-based line where the record starts. */
  readonly line: number;
}

type State = 'start' | 'unquoted' | 'quoted' | 'quote-in-quoted' | 'after-cr';

export async function* csvRecords(chunks: AsyncIterable<string>): AsyncIterable<CsvRecord> {
  let state: State = 'start';
  let fields: CsvField[] = [];
  let parts: string[] = [];
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let first = true;
  let pending = false;

  const endField = () => {
    fields.push({ text: parts.join(''), quoted });
    parts = [];
    quoted = false;
  };
  const takeRecord = (): CsvRecord => {
    const record = { fields, line: recordLine };
    fields = [];
    pending = false;
    return record;
  };

  for await (const chunk of chunks) {
    const records: CsvRecord[] = [];
    let i = first && chunk.charCodeAt(0) === 0xfeff ? 1 : 0;
    first = false;
    let runStart = -1;
    const flushRun = (end: number) => {
      if (runStart >= 0) parts.push(chunk.slice(runStart, end));
      runStart = -1;
    };
    for (; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (state === 'after-cr') {
        state = 'start';
        if (c === '\n') continue;
      }
      if (state === 'quoted') {
        if (c === '"') {
          flushRun(i);
          state = 'quote-in-quoted';
        } else {
          if (c === '\n') line++;
          if (runStart < 0) runStart = i;
        }
        continue;
      }
      if (state === 'quote-in-quoted') {
        if (c === '"') {
          parts.push('"');
          state = 'quoted';
          continue;
        }
        state = 'unquoted';
        if (c !== ',' && c !== '\n' && c !== '\r') throw new TransferInputError(recordLine, 'SerializationException', 'not valid CSV: a quoted field must end at a comma or the end of the line');
      }
      if (state === 'start' && !pending) {
        recordLine = line;
        pending = true;
      }
      if (c === ',') {
        flushRun(i);
        endField();
        state = 'start';
        pending = true;
      } else if (c === '\n' || c === '\r') {
        flushRun(i);
        endField();
        records.push(takeRecord());
        line++;
        state = c === '\r' ? 'after-cr' : 'start';
      } else if (c === '"' && state === 'start' && parts.length === 0 && runStart < 0) {
        quoted = true;
        state = 'quoted';
      } else {
        if (c === '"') throw new TransferInputError(recordLine, 'SerializationException', 'not valid CSV: a double quote inside an unquoted field; quote the field and double the quote');
        state = 'unquoted';
        if (runStart < 0) runStart = i;
      }
    }
    flushRun(chunk.length);
    yield* records;
  }
  if (state === 'quoted') throw new TransferInputError(recordLine, 'SerializationException', 'not valid CSV: a quoted field is not closed before the end of the file');
  if (pending || parts.length > 0) {
    endField();
    yield takeRecord();
  }
}
