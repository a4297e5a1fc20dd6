/**
 * Items in an operation's output as JSON text: a read that returns stored
 * items whole puts their text (StoredItem.json) in the output instead of
 * converting each one to an object. The HTTP and in-process SDK paths splice
 * the text into the response (`outputToJson`); `execute` callers get plain
 * objects (`materializeOutput`), so both see exactly what they saw before.
 *
 * Items sit at most three levels down (`Item`, `Items[i]`,
 * `Responses[table][i]`, `Responses[i].Item`), so only the containers above
 * that depth are walked; everything deeper is left to JSON.stringify.
 */

export class RawJson {
  constructor(readonly text: string) {}
}

/** Containers at a smaller depth than this may hold RawJson members. */
const RAW_DEPTH = 3;

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function toJson(value: unknown, depth: number): string | undefined {
  if (value instanceof RawJson) return value.text;
  if (depth < RAW_DEPTH && typeof value === 'object' && value !== null) {
    if (Array.isArray(value)) {
      const parts: string[] = [];
      // JSON.stringify writes null for members it cannot represent.
      for (const member of value) parts.push(toJson(member, depth + 1) ?? 'null');
      return `[${parts.join(',')}]`;
    }
    if (isPlainObject(value) && typeof value.toJSON !== 'function') {
      const parts: string[] = [];
      for (const name of Object.keys(value)) {
        const member = toJson(value[name], depth + 1);
        if (member !== undefined) parts.push(`${JSON.stringify(name)}:${member}`);
      }
      return `{${parts.join(',')}}`;
    }
  }
  return JSON.stringify(value) as string | undefined;
}

/** The output as JSON text: JSON.stringify's text, with each RawJson's text in its place. */
export function outputToJson(output: Record<string, unknown>): string {
  return toJson(output, 0) ?? 'null';
}

function parsedMember(container: Record<string, unknown>, name: string, text: string): void {
  // A member named __proto__ stays an ordinary member; any other takes the fast plain store.
  if (name === '__proto__') Object.defineProperty(container, name, { value: JSON.parse(text), enumerable: true, writable: true, configurable: true });
  else container[name] = JSON.parse(text);
}

function materialize(value: unknown, depth: number): void {
  if (depth >= RAW_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const member: unknown = value[i];
      if (member instanceof RawJson) value[i] = JSON.parse(member.text);
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
