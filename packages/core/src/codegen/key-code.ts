/**
 * Key templates compiled into TypeScript expressions: literal text joined with
 * one helper call per field (see runtime-source.ts), so the generated module
 * needs no template parser at run time.
 */
import { parseTemplateParts } from '../keys/template.js';
import type { TemplatePart } from '../keys/template.js';
import type { RuntimeHelper } from './runtime-source.js';
import { tsLiteral } from './typescript-names.js';

type FieldPart = Extract<TemplatePart, { kind: 'field' }>;

export function templateFields(template: string): string[] {
  return parseTemplateParts(template).flatMap((part) => (part.kind === 'field' ? [part.name] : []));
}

function helperFor(format: string | undefined): RuntimeHelper {
  if (format === undefined) return 'plain';
  if (/^0\d+$/.test(format)) return 'integer';
  if (/^d\d+\.\d+$/.test(format)) return 'decimal';
  return 'timestamp';
}

/** One field as a helper call on the TypeScript expression `value`. */
function fieldCall(part: FieldPart, next: TemplatePart | undefined, value: string, used: Set<RuntimeHelper>): string {
  const helper = helperFor(part.format);
  used.add(helper);
  const name = tsLiteral(part.name);
  const format = part.format ?? '';
  switch (helper) {
    case 'plain':
      return `plainField(${value}, ${name}, ${next?.kind === 'literal' ? tsLiteral(next.text) : 'undefined'})`;
    case 'integer':
      return `sortableInteger(${value}, ${Number(format.slice(1))}, ${name})`;
    case 'decimal': {
      const [, whole, scale] = /^d(\d+)\.(\d+)$/.exec(format)!;
      return `sortableDecimal(${value}, ${Number(whole)}, ${Number(scale)}, ${name})`;
    }
    default: {
      const digits = { iso: 0, 'iso-ms': 3, 'iso-us': 6 }[format];
      if (digits === undefined) throw new Error(`unknown key format "${format}"`);
      return `isoTimestamp(${value}, ${digits}, ${name})`;
    }
  }
}

/**
 * The whole key, or (with `stopAtMissing`) the text up to the first field
 * `valueOf` has no expression for: begins_with prefixes.
 */
export function templateExpression(
  template: string,
  valueOf: (field: string) => string | undefined,
  used: Set<RuntimeHelper>,
  stopAtMissing = false,
): string {
  const parts = parseTemplateParts(template);
  const pieces: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.kind === 'literal') {
      pieces.push(tsLiteral(part.text));
      continue;
    }
    const value = valueOf(part.name);
    if (value === undefined) {
      if (stopAtMissing) break;
      throw new Error(`key template "${template}" needs ${part.name}, which is not available here`);
    }
    pieces.push(fieldCall(part, parts[i + 1], value, used));
  }
  if (pieces.length === 0) return "''";
  return pieces.join(' + ');
}
