/**
 * How far one trigger has got, as Lambda's event source mapping keeps it:
 * per stream and shard, the last record done (delivered, passed over by the
 * filters, or given up), or that the shard was read to its end. A trigger
 * started again goes on from here: nothing done is delivered again, nothing
 * after it is skipped. Every change is handed to `saved` (the data folder's
 * trigger file, trigger-store.ts) before the trigger goes on.
 */

/** One shard's progress: `after` the last record done; none yet: read from the shard's start. */
export interface ShardProgress {
  readonly after?: string;
  readonly ended?: true;
}

/** Stream ARN → shard id → progress. */
export type TriggerProgress = Record<string, Record<string, ShardProgress>>;

export class Checkpoints {
  /**
   * `ranBefore`: the trigger was started before (its checkpoints were saved),
   * so a stream it does not know appeared since, and is read from its start.
   */
  constructor(
    readonly ranBefore = false,
    private readonly progress: TriggerProgress = {},
    private readonly saved: (progress: TriggerProgress) => void = () => {},
  ) {}

  /** Saves that the trigger has started, before it reads anything. */
  begin(): void {
    if (!this.ranBefore) this.saved(this.progress);
  }

  streams(): string[] {
    return Object.keys(this.progress);
  }

  knows(streamArn: string): boolean {
    return Object.hasOwn(this.progress, streamArn);
  }

  shard(streamArn: string, shardId: string): ShardProgress | undefined {
    const shards = this.progress[streamArn];
    return shards !== undefined && Object.hasOwn(shards, shardId) ? shards[shardId] : undefined;
  }

  /** The shard is read from `after` on (undefined: from its start). */
  advance(streamArn: string, shardId: string, after: string | undefined): void {
    this.set(streamArn, shardId, after === undefined ? {} : { after });
  }

  ended(streamArn: string, shardId: string): void {
    this.set(streamArn, shardId, { ...this.shard(streamArn, shardId), ended: true });
  }

  /** A stream read to its end, or gone: nothing more to resume there. */
  forget(streamArn: string): void {
    if (!this.knows(streamArn)) return;
    delete this.progress[streamArn];
    this.saved(this.progress);
  }

  private set(streamArn: string, shardId: string, progress: ShardProgress): void {
    const shards = (this.progress[streamArn] ??= {});
    shards[shardId] = progress;
    this.saved(this.progress);
  }
}
