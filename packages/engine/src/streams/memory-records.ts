/**
 * One stream's records when the engine runs in memory (a store on disk keeps
 * them as entries of the stream's space instead, in the write's transaction).
 * An append-only log in columns: the texts a record holds (the images, which
 * the table shares, and the keys) in plain arrays, its numbers in one typed
 * array. A record kept for a day is then no object of its own, only array
 * slots: appending allocates nothing but the slots, and the garbage collector
 * has no per-record object to walk. Its text is joined only when read.
 *
 * Records are kept in sequence order (a stream's numbers only grow, with a
 * gap where a closed empty shard spent one); trimming drops the oldest.
 */
import type { KeySchema } from '../tables/meta.js';
import { recordText, type RecordParts } from './record.js';

/** Per record in `numbers`: sequence number, created at, event id, size, flags. */
const WIDTH = 5;
/** Flags: event name (2 bits), view type (2 bits), made by the service (1 bit), then the region's index. */
const REGION_SHIFT = 32;

/** A record as GetRecords reads it: its sequence number and its stored text. */
export interface LoggedRecord {
  sequence: number;
  json: string;
}

export class MemoryRecords {
  private count = 0;
  private numbers = new Float64Array(WIDTH * 256);
  private readonly newImages: (string | undefined)[] = [];
  private readonly oldImages: (string | undefined)[] = [];
  private readonly keyTexts: (string | undefined)[] = [];
  /** The regions records name: few (one per caller's signing region), kept once. */
  private readonly regions: string[] = [];

  /** The stream's table keys never change: the keys of a record are read from its image with them. */
  constructor(private readonly keySchema: KeySchema) {}

  get size(): number {
    return this.count;
  }

  /** The last sequence number kept, if any. */
  get last(): number | undefined {
    return this.count === 0 ? undefined : this.numbers[(this.count - 1) * WIDTH]!;
  }

  append(sequence: number, parts: RecordParts): void {
    let at = this.count * WIDTH;
    if (at === this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    let region = this.regions.indexOf(parts.region);
    if (region < 0) region = this.regions.push(parts.region) - 1;
    const numbers = this.numbers;
    numbers[at++] = sequence;
    numbers[at++] = parts.createdAt;
    numbers[at++] = parts.eventId;
    numbers[at++] = parts.size;
    numbers[at] = parts.eventName + parts.viewType * 4 + (parts.byService ? 16 : 0) + region * REGION_SHIFT;
    this.newImages.push(parts.newJson);
    this.oldImages.push(parts.oldJson);
    this.keyTexts.push(parts.keysJson);
    this.count++;
  }

  /** The index of the first record at or after `sequence`. */
  private indexOf(sequence: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.numbers[mid * WIDTH]! < sequence) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The records numbered `from` to `to` (inclusive), oldest first. */
  *read(from: number, to: number): Generator<LoggedRecord> {
    for (let index = this.indexOf(from); index < this.count; index++) {
      const sequence = this.numbers[index * WIDTH]!;
      if (sequence > to) return;
      yield { sequence, json: this.text(index) };
    }
  }

  private text(index: number): string {
    const at = index * WIDTH;
    const flags = this.numbers[at + 4]!;
    const low = flags % REGION_SHIFT;
    const parts: RecordParts = {
      createdAt: this.numbers[at + 1]!,
      eventId: this.numbers[at + 2]!,
      size: this.numbers[at + 3]!,
      eventName: low % 4,
      viewType: Math.floor(low / 4) % 4,
      byService: low >= 16,
      region: this.regions[Math.floor(flags / REGION_SHIFT)]!,
      keysJson: this.keyTexts[index],
      newJson: this.newImages[index],
      oldJson: this.oldImages[index],
    };
    return recordText(parts, this.keySchema);
  }

  /**
   * Drops the records written at or before `cutoffMs`; returns how many went
   * and the first sequence number left (undefined when none is).
   */
  trim(cutoffMs: number): { dropped: number; first: number | undefined } {
    let dropped = 0;
    while (dropped < this.count && this.numbers[dropped * WIDTH + 1]! <= cutoffMs) dropped++;
    if (dropped > 0) {
      this.numbers.copyWithin(0, dropped * WIDTH, this.count * WIDTH);
      this.newImages.splice(0, dropped);
      this.oldImages.splice(0, dropped);
      this.keyTexts.splice(0, dropped);
      this.count -= dropped;
    }
    return { dropped, first: this.count === 0 ? undefined : this.numbers[0]! };
  }
}
