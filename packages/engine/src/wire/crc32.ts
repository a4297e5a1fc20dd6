/**
 * CRC-32 (IEEE 802.3, zlib's "crc32b") of the exact response bytes, as DynamoDB
 * puts in `x-amz-crc32` (decimal, unsigned). node:zlib computes it natively
 * where available (Node ≥ 20.15); the table-driven version is the fallback and
 * the reference the tests compare against.
 */
import * as zlib from 'node:zlib';

const TABLE = buildTable();

function buildTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/** Pure TypeScript CRC-32, one table lookup per byte. */
export function crc32Table(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) {
    crc = (TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8)) >>> 0;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const native: ((data: Uint8Array | string) => number) | undefined =
  typeof (zlib as { crc32?: unknown }).crc32 === 'function' ? (data) => zlib.crc32(data) >>> 0 : undefined;

/** The unsigned CRC-32 of `bytes`. */
export const crc32: (bytes: Uint8Array) => number = native ?? crc32Table;

/**
 * The unsigned CRC-32 of `text`'s UTF-8 bytes (a lone surrogate as U+FFFD, as
 * node:http writes it). node:zlib encodes the text itself, so a response sent
 * as text needs no byte copy of its own.
 */
export const crc32OfText: (text: string) => number = native ?? ((text) => crc32Table(Buffer.from(text, 'utf8')));
