/**
 * What an item costs by its size, per core's rules: its bytes (each top-level
 * name plus its value), whether it fits in 400 KB, and the capacity units one
 * read and one write of it consume.
 */
import {
  attributeValueSize,
  itemReadUnits,
  itemSize,
  itemWriteUnits,
  MAX_ITEM_SIZE_BYTES,
  readBlocks,
  typeOf,
  utf8ByteLength,
  writeBlocks,
  type AttributeType,
  type Item,
} from '@dynotable/core';

interface AttributeSizeRow {
  readonly name: string;
  readonly type: AttributeType;
  readonly nameBytes: number;
  readonly valueBytes: number;
  readonly bytes: number;
}

export interface ItemSizeReport {
  readonly bytes: number;
  readonly attributes: readonly AttributeSizeRow[];
  readonly fits: boolean;
  /** 4 KB blocks a read of the item takes, and 1 KB blocks a write. */
  readonly readBlocks: number;
  readonly writeBlocks: number;
  readonly read: { readonly eventual: number; readonly strong: number; readonly transactional: number };
  readonly write: { readonly standard: number; readonly transactional: number };
}

export function itemSizeReport(item: Item): ItemSizeReport {
  const attributes = Object.keys(item).map((name): AttributeSizeRow => {
    const value = item[name]!;
    const nameBytes = utf8ByteLength(name);
    const valueBytes = attributeValueSize(value);
    return { name, type: typeOf(value), nameBytes, valueBytes, bytes: nameBytes + valueBytes };
  });
  const bytes = itemSize(item);
  return {
    bytes,
    attributes,
    fits: bytes <= MAX_ITEM_SIZE_BYTES,
    readBlocks: readBlocks(bytes),
    writeBlocks: writeBlocks(bytes),
    read: { eventual: itemReadUnits(bytes, 'eventual'), strong: itemReadUnits(bytes, 'strong'), transactional: itemReadUnits(bytes, 'transactional') },
    write: { standard: itemWriteUnits(bytes, 'standard'), transactional: itemWriteUnits(bytes, 'transactional') },
  };
}
