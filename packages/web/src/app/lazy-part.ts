/** A component loaded on demand, in its own chunk. */
import { lazy, type ComponentType } from 'react';
import { listConnections } from '../api/endpoints.js';

/**
 * A part as a lazy component. The server answers 401 to every file once the
 * session is gone (a restarted server has a new token), so a part that fails
 * to load asks the API too: its 401 makes the app show how to sign in again.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      async (error: unknown) => {
        await listConnections().catch(() => {});
        throw error;
      },
    ),
  );
}
