/**
 * Standard base64 (RFC 4648, with padding) without Buffer, so it runs in the
 * browser. DynamoDB JSON carries B and BS members in this form.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Map<string, number>([...ALPHABET].map((char, index) => [char, index]));

export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += ALPHABET[a >> 2]!;
    out += ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : ALPHABET[c & 63]!;
  }
  return out;
}

/** Decodes padded standard base64; returns undefined for anything else. */
export function decodeBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0) return undefined;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let written = 0;
  for (let i = 0; i < text.length; i += 4) {
    let group = 0;
    for (let j = 0; j < 4; j++) {
      const char = text[i + j]!;
      const isPad = char === '=' && i + 4 === text.length && j >= 4 - padding;
      const sextet = isPad ? 0 : LOOKUP.get(char);
      if (sextet === undefined) return undefined;
      group = (group << 6) | sextet;
    }
    for (const shift of [16, 8, 0]) {
      if (written < bytes.length) bytes[written++] = (group >> shift) & 255;
    }
  }
  return bytes;
}
