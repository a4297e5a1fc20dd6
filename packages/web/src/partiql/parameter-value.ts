/**
 * A `?` parameter's field as a DynamoDB value: DynamoDB JSON as it is
 * (`{"N":"5"}`), a plain JSON number, boolean or null as that type, and any
 * other text as a string — so `TEAM#7` needs no quotes.
 */
const TYPE_KEYS = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS']);

export function parameterValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const json = JSON.parse(trimmed) as unknown;
      const keys = json !== null && typeof json === 'object' ? Object.keys(json) : [];
      if (keys.length === 1 && TYPE_KEYS.has(keys[0]!)) return json;
    } catch {
      // plain text
    }
  }
  if (/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return { N: trimmed };
  if (trimmed === 'true' || trimmed === 'false') return { BOOL: trimmed === 'true' };
  if (trimmed === 'null') return { NULL: true };
  return { S: text };
}
