/**
 * Pretty JSON that keeps each short attribute value on one line
 * (`":v0": {"S":"open"}`), so a request reads like DynamoDB's documentation.
 */
const TYPES = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS']);
const INLINE_WIDTH = 72;

function isAttributeValue(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && TYPES.has(keys[0]!);
}

export function prettyJson(value: unknown, indent = ''): string {
  if (isAttributeValue(value)) {
    const inline = JSON.stringify(value);
    if (inline.length <= INLINE_WIDTH) return inline;
  }
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + prettyJson(item, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${prettyJson(item, inner)}`).join(',\n')}\n${indent}}`;
}
