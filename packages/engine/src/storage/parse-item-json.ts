/**
 * Parses an item's DynamoDB JSON text as the stores keep it (core's
 * itemToWireJson: JSON.stringify of a wire item, no whitespace) in about half
 * the time of JSON.parse, which a read spends most of its time in once the
 * item is found. Only that one shape is read, and only when the text holds no
 * backslash, so every string is exactly the characters between its quotes;
 * any other text (an escape, whitespace, an unexpected member) is left to
 * JSON.parse, which gives the same value.
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Thrown (a symbol: no stack to capture) when the text is not the shape read here. */
const NOT_CANONICAL = Symbol('not canonical item JSON');

// The text being read and the position in it: module state, as parsing is synchronous and never re-entered.
let text = '';
let at = 0;

function expect(code: number): void {
  if (text.charCodeAt(at) !== code) throw NOT_CANONICAL;
  at++;
}

function readString(): string {
  expect(QUOTE);
  const end = text.indexOf('"', at);
  if (end === -1) throw NOT_CANONICAL;
  const value = text.slice(at, end);
  at = end + 1;
  return value;
}

/** A JSON array of `element`s: a set's strings or a list's values. */
function readArray<T>(element: () => T): T[] {
  expect(OPEN_BRACKET);
  const list: T[] = [];
  if (text.charCodeAt(at) === CLOSE_BRACKET) {
    at++;
    return list;
  }
  for (;;) {
    list.push(element());
    if (text.charCodeAt(at) !== COMMA) break;
    at++;
  }
  expect(CLOSE_BRACKET);
  return list;
}

function readBoolean(): boolean {
  if (text.startsWith('true', at)) {
    at += 4;
    return true;
  }
  if (text.startsWith('false', at)) {
    at += 5;
    return false;
  }
  throw NOT_CANONICAL;
}

/** One attribute value: `{"S":"…"}` and its kin, each built as a literal of one member (V8's fastest object). */
function readValue(): unknown {
  expect(OPEN_BRACE);
  const type = readString();
  expect(COLON);
  let value: unknown;
  switch (type) {
    case 'S':
      value = { S: readString() };
      break;
    case 'N':
      value = { N: readString() };
      break;
    case 'B':
      value = { B: readString() };
      break;
    case 'M':
      value = { M: readMap() };
      break;
    case 'L':
      value = { L: readArray(readValue) };
      break;
    case 'SS':
      value = { SS: readArray(readString) };
      break;
    case 'NS':
      value = { NS: readArray(readString) };
      break;
    case 'BS':
      value = { BS: readArray(readString) };
      break;
    case 'BOOL':
      value = { BOOL: readBoolean() };
      break;
    case 'NULL':
      value = { NULL: readBoolean() };
      break;
    default:
      throw NOT_CANONICAL;
  }
  expect(CLOSE_BRACE);
  return value;
}

function readMap(): Record<string, unknown> {
  expect(OPEN_BRACE);
  const map: Record<string, unknown> = {};
  if (text.charCodeAt(at) === CLOSE_BRACE) {
    at++;
    return map;
  }
  for (;;) {
    const name = readString();
    expect(COLON);
    const value = readValue();
    // As JSON.parse makes it: an own member, even one named __proto__.
    if (name === '__proto__') Object.defineProperty(map, name, { value, enumerable: true, writable: true, configurable: true });
    else map[name] = value;
    if (text.charCodeAt(at) !== COMMA) break;
    at++;
  }
  expect(CLOSE_BRACE);
  return map;
}

/** `JSON.parse(json)` for an item's DynamoDB JSON text, faster for the text the stores write. */
export function parseItemJson(json: string): unknown {
  if (json.indexOf('\\') !== -1) return JSON.parse(json);
  text = json;
  at = 0;
  try {
    const item = readMap();
    if (at === json.length) return item;
  } catch {
    // Not the shape read here (or nested past the stack): JSON.parse has the answer, or the error.
  } finally {
    text = '';
  }
  return JSON.parse(json);
}
