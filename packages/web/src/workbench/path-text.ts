/**
 * A document path as a person types it (`address.city`, `tags[0]`,
 * `order-id`) → friendly text the expression parser reads as that path:
 * each name that is not a plain identifier, or could be read as a keyword or
 * literal, is backquoted. Names already in backquotes are kept as written.
 */
import { isBareIdentifier } from '@dynotable/core';

/** Bare words the friendly parser reads as something other than a name. */
const NOT_NAMES = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'SET', 'REMOVE', 'ADD', 'DELETE', 'TRUE', 'FALSE', 'NULL']);

/** One attribute name in friendly text. */
export function friendlyName(name: string): string {
  if (isBareIdentifier(name) && !NOT_NAMES.has(name.toUpperCase()) && !name.startsWith('b64')) return name;
  return `\`${name.replace(/[\\`]/g, (ch) => `\\${ch}`)}\``;
}

/**
 * Splits at dots and list indexes outside backquotes and quotes each name.
 * Whitespace around the path is dropped; text the parser would refuse (an
 * empty name, a bad index) is passed through so its error shows.
 */
export function friendlyPath(typed: string): string {
  const text = typed.trim();
  let out = '';
  let name = '';
  let i = 0;
  const flush = (): void => {
    if (name !== '') out += friendlyName(name);
    name = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '`' && name === '') {
      // A backquoted name: copy it through its closing quote, escapes included.
      let end = i + 1;
      while (end < text.length && text[end] !== '`') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (ch === '.') {
      flush();
      out += '.';
      i++;
      continue;
    }
    if (ch === '[') {
      const close = text.indexOf(']', i);
      if (close > i) {
        flush();
        out += text.slice(i, close + 1);
        i = close + 1;
        continue;
      }
    }
    name += ch;
    i++;
  }
  flush();
  return out;
}
