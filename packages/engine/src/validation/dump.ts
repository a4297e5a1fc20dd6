/**
 * How DynamoDB prints a request structure inside a framework message
 * ("Value '…' at 'keySchema' failed to satisfy constraint: …"): its service
 * is written in Java, so a structure with its own text form prints as
 * `KeySchemaElement(attributeName=a, keyType=HASH)`, a map as `{k=v, …}`, a
 * list as `[a, b]`, and a structure without one as its class name and a hash
 * (`com.amazonaws.dynamodb.v20120810.WriteRequest@1a2b3c4d`). Never
 * `[object Object]`.
 */

const MODEL_PACKAGE = 'com.amazonaws.dynamodb.v20120810';
/** Deeper structure is elided: a message stays short, and hostile input cannot recurse without end. */
const MAX_DEPTH = 8;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A scalar, list or map of request JSON as Java prints it. */
export function javaText(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return String(value);
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return `[${value.map((entry) => javaText(entry, depth + 1)).join(', ')}]`;
  return `{${Object.entries(value).map(([key, entry]) => `${key}=${javaText(entry, depth + 1)}`).join(', ')}}`;
}

/** A structure whose class prints its members: `Name(member=value, …)`, members in `members`' order. */
function structureText(name: string, value: unknown, members: readonly [wire: string, printed: string][]): string {
  const record = isRecord(value) ? value : {};
  return `${name}(${members.map(([wire, printed]) => `${printed}=${javaText(record[wire])}`).join(', ')})`;
}

/** A KeySchema list: `[KeySchemaElement(attributeName=a, keyType=HASH), …]`. */
export function keySchemaText(value: unknown): string {
  if (!Array.isArray(value)) return javaText(value);
  const elements = value.map((element) =>
    structureText('KeySchemaElement', element, [
      ['AttributeName', 'attributeName'],
      ['KeyType', 'keyType'],
    ]),
  );
  return `[${elements.join(', ')}]`;
}

/** A structure class without a text form of its own: its name and a hash of its content. */
export function objectText(className: string, value: unknown): string {
  return `${MODEL_PACKAGE}.${className}@${contentHash(value).toString(16)}`;
}

/** A list of such structures, e.g. TransactItems: `[…TransactWriteItem@…, …]`. */
export function objectListText(className: string, value: unknown): string {
  return Array.isArray(value) ? `[${value.map((entry) => objectText(className, entry)).join(', ')}]` : javaText(value);
}

/** FNV-1a over the JSON text: the same request prints the same hash. */
function contentHash(value: unknown): number {
  let text: string;
  try {
    text = JSON.stringify(value) ?? '';
  } catch {
    text = '';
  }
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
