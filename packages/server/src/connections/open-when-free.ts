/**
 * Opening a data folder another DynoTable holds for a moment: an agent's
 * `dynotable mcp` opens the folder's engine only for each burst of calls, so
 * the folder is refused now and free a little later. `open` is tried again
 * until `waitMs` has passed; any other failure, or the last refusal, is thrown.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DataDirectoryInUseError } from '@dynotable/engine';

const RETRY_EVERY_MS = 50;

export async function openWhenFree<T>(open: () => T, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return open();
    } catch (error) {
      if (!(error instanceof DataDirectoryInUseError) || Date.now() >= deadline) throw error;
    }
    await sleep(RETRY_EVERY_MS);
  }
}
