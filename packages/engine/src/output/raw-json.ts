/**
 * Items in an operation's output as JSON text: a read that returns stored
 * items whole puts their text (StoredItem.json) in the output instead of
 * converting each one to an object. The HTTP and in-process SDK paths splice
 * the text into the response (`outputToJson`); `execute` callers get plain
 * objects (`materializeOutput`), so both see exactly what they saw before.
 *
 * A large output (a page of a Query or Scan) is written to bytes piece by
 * piece (`outputToWire`): joining thousands of item texts into one string
 * and then encoding it costs several times more than encoding each text
 * into its place.
 *
 * Items sit at most three levels down (`Item`, `Items[i]`,
 * `Responses[table][i]`, `Responses[i].Item`), so only the containers above
 * that depth are walked; everything deeper is left to JSON.stringify.
 */

import { parseItemJson } from '../storage/parse-item-json.js';

/** A stored item's DynamoDB JSON text (StoredItem.json), in an output. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Containers at a smaller depth than this may hold RawJson members. */
const RAW_DEPTH = 3;

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Appends the JSON text of `value` to `pieces` in order (JSON.stringify's
 * text, with each RawJson's text in its place); returns false when `value`
 * has no JSON text (undefined, a function), which then appends nothing.
 */
function collect(value: unknown, depth: number, pieces: string[]): boolean {
  if (value instanceof RawJson) {
    pieces.push(value.text);
    return true;
  }
  if (depth < RAW_DEPTH && typeof value === 'object' && value !== null) {
    if (Array.isArray(value)) {
      pieces.push('[');
      for (let i = 0; i < value.length; i++) {
        if (i > 0) pieces.push(',');
        // JSON.stringify writes null for members it cannot represent.
        if (!collect(value[i], depth + 1, pieces)) pieces.push('null');
      }
      pieces.push(']');
      return true;
    }
    if (isPlainObject(value) && typeof value.toJSON !== 'function') {
      pieces.push('{');
      let first = true;
      for (const name of Object.keys(value)) {
        const at = pieces.length;
        pieces.push(first ? '' : ',', JSON.stringify(name), ':');
        if (collect(value[name], depth + 1, pieces)) first = false;
        else pieces.length = at;
      }
      pieces.push('}');
      return true;
    }
  }
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) return false;
  pieces.push(text);
  return true;
}

function piecesOf(output: Record<string, unknown>): string[] {
  const pieces: string[] = [];
  if (!collect(output, 0, pieces)) pieces.push('null');
  return pieces;
}

/** The output as JSON text: JSON.stringify's text, with each RawJson's text in its place. */
export function outputToJson(output: Record<string, unknown>): string {
  return piecesOf(output).join('');
}

/** Below this many UTF-16 units, the text goes out as a string (node:http writes it with the head). */
const TEXT_UNITS = 4 * 1024;

/**
 * Up to this many, the pieces are joined and the one string encoded at once:
 * each encoding call has a fixed cost that a Query page's two hundred pieces
 * would pay two hundred times. Above it (a Scan's megabyte), joining costs
 * more than it saves, and each piece is encoded straight into its place.
 */
const JOINED_UNITS = 64 * 1024;

/**
 * The output as the wire sends it: its JSON text (outputToJson), or, when it
 * is large, that text's UTF-8 bytes.
 */
export function outputToWire(output: Record<string, unknown>): string | Uint8Array {
  const pieces = piecesOf(output);
  let units = 0;
  for (const piece of pieces) units += piece.length;
  if (units < TEXT_UNITS) return pieces.join('');
  if (units <= JOINED_UNITS) return Buffer.from(pieces.join(''), 'utf8');
  // Room for the common case (one byte per unit); a piece that may not fit is measured first.
  let bytes = Buffer.allocUnsafe(units + 64);
  let at = 0;
  for (const piece of pieces) {
    if (at + piece.length * 3 > bytes.length) {
      const needed = at + Buffer.byteLength(piece, 'utf8');
      if (needed > bytes.length) {
        const larger = Buffer.allocUnsafe(Math.max(needed, bytes.length * 2));
        bytes.copy(larger, 0, 0, at);
        bytes = larger;
      }
    }
    // One-character pieces (the commas and brackets between items) are ASCII: stored without a call.
    if (piece.length === 1 && piece.charCodeAt(0) < 0x80) bytes[at++] = piece.charCodeAt(0);
    else at += bytes.write(piece, at);
  }
  return bytes.subarray(0, at);
}

function parsedMember(container: Record<string, unknown>, name: string, text: string): void {
  // A member named __proto__ stays an ordinary member; any other takes the fast plain store.
  if (name === '__proto__') Object.defineProperty(container, name, { value: parseItemJson(text), enumerable: true, writable: true, configurable: true });
  else container[name] = parseItemJson(text);
}

function materialize(value: unknown, depth: number): void {
  if (depth >= RAW_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const member: unknown = value[i];
      if (member instanceof RawJson) value[i] = parseItemJson(member.text);
      else materialize(member, depth + 1);
    }
  } else if (isPlainObject(value)) {
    for (const name of Object.keys(value)) {
      const member = value[name];
      if (member instanceof RawJson) parsedMember(value, name, member.text);
      else materialize(member, depth + 1);
    }
  }
}

/** Replaces in place every RawJson of an operation's (freshly built) output by its parsed value. */
export function materializeOutput(output: Record<string, unknown>): Record<string, unknown> {
  materialize(output, 0);
  return output;
}
