/**
 * Streams the elements of chosen arrays out of one large JSON document (a JSON
 * array of items, `aws dynamodb scan` output, a NoSQL Workbench model) without
 * holding the document: only the element being read is kept, then parsed on
 * its own. Strings of the enclosing objects are remembered (small ones) so a
 * caller can choose arrays by a sibling such as `TableName`.
 */
import { TransferInputError } from './errors.js';

type PathPart = string | number;

export interface ArrayElement {
  readonly value: unknown;
  /** 1-based line where the element starts. */
  readonly line: number;
  readonly path: readonly PathPart[];
}

/** Decides whether the elements of the array at `path` are wanted; `siblings` are the string members of the object holding it. */
export type ArrayChooser = (path: readonly PathPart[], siblings: ReadonlyMap<string, string>) => boolean;

interface Frame {
  readonly kind: 'object' | 'array';
  readonly path: PathPart[];
  readonly target: boolean;
  readonly strings: Map<string, string>;
  index: number;
  key: string | undefined;
  expectKey: boolean;
}

interface Capture {
  readonly line: number;
  readonly path: PathPart[];
  parts: string[];
  start: number;
  depth: number;
  inString: boolean;
  escape: boolean;
}

interface StringToken {
  parts: string[];
  start: number;
  escape: boolean;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const STRING_STOP = /["\\]/g;

/** Inside a string only a quote or a backslash matters (JSON strings hold no raw line breaks): the index just before the next one. */
function nextStop(chunk: string, i: number): number {
  STRING_STOP.lastIndex = i + 1;
  const found = STRING_STOP.exec(chunk);
  return (found === null ? chunk.length : found.index) - 1;
}
const MAX_REMEMBERED_STRING = 1024;

function syntax(line: number, what: string): TransferInputError {
  return new TransferInputError(line, 'SerializationException', `not valid JSON: ${what}`);
}

export async function* jsonArrayElements(chunks: AsyncIterable<string>, choose: ArrayChooser): AsyncIterable<ArrayElement> {
  const stack: Frame[] = [];
  let line = 1;
  let capture: Capture | undefined;
  let text: StringToken | undefined;
  let inLiteral = false;
  let finishedTop = false;
  let first = true;

  const parent = (): Frame | undefined => stack[stack.length - 1];

  /** Where a value starting now sits, and whether it is an element to capture. */
  const beginValue = (): { path: PathPart[]; capture: boolean } => {
    const top = parent();
    if (top === undefined) {
      if (finishedTop) throw syntax(line, 'more than one value at the top level');
      return { path: [], capture: false };
    }
    if (top.kind === 'array') {
      const path = [...top.path, top.index];
      top.index++;
      return { path, capture: top.target };
    }
    if (top.expectKey || top.key === undefined) throw syntax(line, 'a value where a member name belongs');
    return { path: [...top.path, top.key], capture: false };
  };

  const endValue = (): void => {
    if (stack.length === 0) finishedTop = true;
  };

  const onString = (value: string): void => {
    const top = parent();
    if (top?.kind === 'object' && top.expectKey) {
      top.key = value;
      top.expectKey = false;
      return;
    }
    if (top?.kind === 'object' && top.key !== undefined && value.length <= MAX_REMEMBERED_STRING) top.strings.set(top.key, value);
    endValue();
  };

  function* feed(chunk: string): Generator<ArrayElement> {
    let i = 0;
    if (first) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) i = 1; // a byte-order mark
    }
    if (capture !== undefined) capture.start = i;
    if (text !== undefined) text.start = i;
    for (; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (c === '\n') line++;
      if (capture !== undefined) {
        const k = capture;
        if (k.inString) {
          if (k.escape) k.escape = false;
          else if (c === '\\') k.escape = true;
          else if (c === '"') k.inString = false;
          else i = nextStop(chunk, i);
          continue;
        }
        if (c === '"') k.inString = true;
        else if (c === '{' || c === '[') k.depth++;
        else if ((c === '}' || c === ']') && k.depth > 0) k.depth--;
        else if (k.depth === 0 && (c === ',' || c === ']')) {
          k.parts.push(chunk.slice(k.start, i));
          const raw = k.parts.join('');
          capture = undefined;
          let value: unknown;
          try {
            value = JSON.parse(raw);
          } catch (error) {
            throw syntax(k.line, (error as Error).message);
          }
          yield { value, line: k.line, path: k.path };
          i--; // the array sees the comma or bracket
        }
        continue;
      }
      if (text !== undefined) {
        if (text.escape) text.escape = false;
        else if (c === '\\') text.escape = true;
        else if (c !== '"') i = nextStop(chunk, i);
        else {
          text.parts.push(chunk.slice(text.start, i));
          const raw = text.parts.join('');
          text = undefined;
          let value: string;
          try {
            value = JSON.parse(`"${raw}"`) as string;
          } catch (error) {
            throw syntax(line, (error as Error).message);
          }
          onString(value);
        }
        continue;
      }
      if (inLiteral) {
        if (/[\w.+-]/.test(c)) continue;
        inLiteral = false;
        endValue();
      }
      if (WHITESPACE.has(c)) continue;
      const top = parent();
      if (c === ',') {
        if (top === undefined) throw syntax(line, 'a comma outside any array or object');
        if (top.kind === 'object') {
          top.expectKey = true;
          top.key = undefined;
        }
        continue;
      }
      if (c === ':') {
        if (top?.kind !== 'object' || top.key === undefined) throw syntax(line, 'a colon out of place');
        continue;
      }
      if (c === '}' || c === ']') {
        if (top === undefined || (c === '}') !== (top.kind === 'object')) throw syntax(line, `an unexpected '${c}'`);
        stack.pop();
        endValue();
        continue;
      }
      if (c === '"' && top?.kind === 'object' && top.expectKey) {
        text = { parts: [], start: i + 1, escape: false };
        continue;
      }
      if (top?.kind === 'object' && top.expectKey) throw syntax(line, `an unexpected '${c}' where a member name belongs`);
      const start = beginValue();
      if (start.capture) {
        capture = { line, path: start.path, parts: [], start: i, depth: 0, inString: false, escape: false };
        i--; // the capture reads this character again
        continue;
      }
      if (c === '{' || c === '[') {
        const siblings = parent()?.strings ?? new Map<string, string>();
        const kind = c === '{' ? 'object' : 'array';
        stack.push({ kind, path: start.path, target: kind === 'array' && choose(start.path, siblings), strings: new Map(), index: 0, key: undefined, expectKey: kind === 'object' });
      } else if (c === '"') {
        text = { parts: [], start: i + 1, escape: false };
      } else if (/[-\d\w]/.test(c)) {
        inLiteral = true;
      } else {
        throw syntax(line, `an unexpected '${c}'`);
      }
    }
    if (capture !== undefined) capture.parts.push(chunk.slice(capture.start));
    if (text !== undefined) text.parts.push(chunk.slice(text.start));
  }

  for await (const chunk of chunks) yield* feed(chunk);
  if (capture !== undefined || text !== undefined || stack.length > 0) throw syntax(line, 'the document ends before it is complete');
  if (!finishedTop && !inLiteral) throw syntax(line, 'the document is empty');
}
