import type { Item } from '@dynotable/core';

/** An item read from a file, with the line where it starts (for error messages). */
export interface SourceItem {
  readonly line: number;
  readonly item: Item;
}
