/**
 * An encoded key (keys/encode.ts: one char per byte, 0–255) as the BLOB the
 * SQLite store keeps it in, and back. memcmp on the blobs is the keys' order.
 */
export function keyBlob(key: string): Buffer {
  return Buffer.from(key, 'latin1');
}

export function keyOfBlob(blob: Buffer): string {
  return blob.toString('latin1');
}
