import { describe, expect, it } from 'vitest';
import {
  ITEM_TOO_LARGE_MESSAGE,
  MAX_ITEM_SIZE_BYTES,
  PARTITION_KEY_TOO_LARGE_MESSAGE,
  SORT_KEY_TOO_LARGE_MESSAGE,
  UPDATED_ITEM_TOO_LARGE_MESSAGE,
  checkItemSize,
  checkKeyValueSizes,
  fitsItemLimit,
} from '@dynotable/core';

function failure(run: () => unknown): { name: string; message: string } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
}

describe('item size limit', () => {
  // name "d" is 1 byte, so a string of 409,599 bytes makes exactly 400 KB.
  const exactly = { d: { S: 'x'.repeat(MAX_ITEM_SIZE_BYTES - 1) } };
  const over = { d: { S: 'x'.repeat(MAX_ITEM_SIZE_BYTES) } };

  it('accepts 409,600 bytes and refuses one more', () => {
    expect(MAX_ITEM_SIZE_BYTES).toBe(409_600);
    expect(fitsItemLimit(exactly)).toBe(true);
    expect(failure(() => checkItemSize(exactly))).toBeUndefined();
    expect(fitsItemLimit(over)).toBe(false);
  });

  it('words the error by operation', () => {
    expect(failure(() => checkItemSize(over))).toEqual({ name: 'ValidationException', message: ITEM_TOO_LARGE_MESSAGE });
    expect(failure(() => checkItemSize(over, 'update'))).toEqual({ name: 'ValidationException', message: UPDATED_ITEM_TOO_LARGE_MESSAGE });
  });
});

describe('key value limits', () => {
  it('allows 2048 bytes of partition key and 1024 of sort key', () => {
    expect(failure(() => checkKeyValueSizes({ S: 'é'.repeat(1024) }, { B: new Uint8Array(1024) }))).toBeUndefined();
  });

  it('refuses larger keys with DynamoDB messages', () => {
    expect(failure(() => checkKeyValueSizes({ S: 'x'.repeat(2049) }))?.message).toBe(PARTITION_KEY_TOO_LARGE_MESSAGE);
    expect(PARTITION_KEY_TOO_LARGE_MESSAGE).toContain('limit of2048 bytes');
    expect(failure(() => checkKeyValueSizes({ S: 'a' }, { S: 'x'.repeat(1025) }))?.message).toBe(SORT_KEY_TOO_LARGE_MESSAGE);
  });
});
