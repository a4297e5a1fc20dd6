/**
 * Shard iterators, in DynamoDB Local's form: the stream ARN, a version, and
 * in base64 the shard, the next sequence number to read and when the
 * iterator was issued (an iterator expires 15 minutes after that).
 */
import { sequenceText } from './shards.js';

export const ITERATOR_LIFETIME_MS = 15 * 60 * 1000;
const VERSION = '001';

export interface ShardPosition {
  streamArn: string;
  shardId: string;
  /** The first sequence number the iterator reads. */
  next: number;
  /** Milliseconds since the epoch. */
  issuedAt: number;
}

export function encodeIterator(position: ShardPosition): string {
  const inner = `${position.shardId}|${sequenceText(position.next)}|${String(position.issuedAt).padStart(20, '0')}`;
  return `${position.streamArn}|${VERSION}|${Buffer.from(inner, 'utf8').toString('base64')}`;
}

/** The position an iterator names, or undefined when the text is not an iterator. */
export function decodeIterator(text: string): ShardPosition | undefined {
  const parts = text.split('|');
  if (parts.length !== 3 || parts[1] !== VERSION) return undefined;
  const inner = Buffer.from(parts[2]!, 'base64').toString('utf8').split('|');
  if (inner.length !== 3 || !/^[0-9]+$/.test(inner[1]!) || !/^[0-9]+$/.test(inner[2]!)) return undefined;
  const next = Number(inner[1]);
  const issuedAt = Number(inner[2]);
  if (!Number.isSafeInteger(next) || !Number.isSafeInteger(issuedAt)) return undefined;
  return { streamArn: parts[0]!, shardId: inner[0]!, next, issuedAt };
}
