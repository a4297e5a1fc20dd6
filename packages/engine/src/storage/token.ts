/**
 * Scan order across partitions follows a hash of the partition key, as in
 * DynamoDB, so that parallel Scan segments split the key space evenly. Every
 * storage uses this one function so their scan orders agree.
 */
const TOKEN_SPACE = 2 ** 32;

/** FNV-1a over the partition's byte string: a stable unsigned 32-bit token. */
export function partitionToken(partition: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < partition.length; i++) {
    hash ^= partition.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The token range [start, end) of segment `index` of `total`. */
export function segmentRange(index: number, total: number): { start: number; end: number } {
  return {
    start: Math.floor((TOKEN_SPACE * index) / total),
    end: Math.floor((TOKEN_SPACE * (index + 1)) / total),
  };
}

/** Compares two partitions in scan order. */
export function compareScanOrder(a: string, b: string): number {
  const ta = partitionToken(a);
  const tb = partitionToken(b);
  if (ta !== tb) return ta - tb;
  return a < b ? -1 : a > b ? 1 : 0;
}
