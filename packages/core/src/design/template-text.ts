/** Small operations on key template text shared by the planner and the request builder. */
import { compileKeyTemplate } from '../keys/template.js';
import type { TemplatePart } from '../keys/template.js';

function partText(part: TemplatePart): string {
  return part.kind === 'literal' ? part.text : `{${part.name}${part.format !== undefined ? `:${part.format}` : ''}}`;
}

/**
 * The template with constant fields written in: `STATUS#{status}#TICKET#{ticketId}`
 * with status = open becomes `STATUS#open#TICKET#{ticketId}`, so a plan carries
 * its constants and needs only the caller's arguments.
 */
export function applyConstants(text: string, constants: ReadonlyMap<string, string>): string {
  const template = compileKeyTemplate(text);
  return template.parts
    .map((part) => {
      if (part.kind !== 'field' || !constants.has(part.name)) return partText(part);
      const value = constants.get(part.name)!;
      if (/[{}]/.test(value)) return partText(part);
      return compileKeyTemplate(partText(part)).format({ [part.name]: value });
    })
    .join('');
}

/** The template's text before its first field not in `known`, fields written as `{name}`: `MATCH#`, `STATUS#{status}#TICKET#`. */
export function staticPrefix(text: string, known: (field: string) => boolean): string {
  let out = '';
  for (const part of compileKeyTemplate(text).parts) {
    if (part.kind === 'field' && !known(part.name)) break;
    out += partText(part);
  }
  return out;
}
