/**
 * A bound on how deeply a request's JSON may nest. Parsing and converting
 * attribute values recurse, so a body of a million `[` would exhaust the stack
 * (a crash, answered 500). DynamoDB's JSON parser has such a bound too (its
 * JSON library's default is 1000 levels); a valid request never comes close:
 * 32 levels of attribute values are about 70 levels of JSON.
 */
export const MAX_JSON_DEPTH = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** True when `text` opens more than `limit` nested objects and arrays (outside strings). */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  // Nesting deeper than the limit takes more characters than that: short bodies need no scan.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return false;
}
