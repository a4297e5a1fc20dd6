/**
 * Standard base64 (RFC 4648, with padding) without Buffer, so it runs in the
 * browser. DynamoDB JSON carries B and BS members in this form.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Map<string, number>([...ALPHABET].map((char, index) => [char, index]));

/** Every 12 bits as their two base64 characters: one lookup per 1.5 bytes. */
let pairs: string[] | undefined;

function pairTable(): string[] {
  if (pairs === undefined) {
    pairs = new Array<string>(4096);
    for (let i = 0; i < 4096; i++) pairs[i] = ALPHABET[i >> 6]! + ALPHABET[i & 63]!;
  }
  return pairs;
}

export function encodeBase64(bytes: Uint8Array): string {
  const table = pairTable();
  const whole = bytes.length - (bytes.length % 3);
  let out = '';
  for (let i = 0; i < whole; i += 3) {
    const group = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += table[group >> 12]! + table[group & 4095]!;
  }
  if (whole < bytes.length) {
    const a = bytes[whole]!;
    const b = bytes[whole + 1];
    out += ALPHABET[a >> 2]!;
    out += ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : ALPHABET[(b & 15) << 2]!;
    out += '=';
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
