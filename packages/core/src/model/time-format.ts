/** How a timestamp or date attribute's values are written. */
import type { AttributeSpec } from './types.js';

/** The declared format, else the type's default: YYYY-MM-DD for a date, iso8601 for a timestamp. */
export function attributeTimeFormat(spec: AttributeSpec): string {
  return spec.format ?? (spec.type === 'date' ? 'YYYY-MM-DD' : 'iso8601');
}
