/**
 * An engine whose operations are given by the test: the wire layer is tested
 * on its own, whatever operations the real engine has.
 */
import { createEngine } from '@dynotable/engine';
import type { Engine } from '@dynotable/engine';

export type StubOperation = (input: Record<string, unknown>) => Record<string, unknown>;

export function stubEngine(operations: Record<string, StubOperation>): Engine & { calls: string[] } {
  const base = createEngine({ region: 'us-east-1' });
  const calls: string[] = [];
  return {
    context: base.context,
    calls,
    close: () => base.close(),
    supports: (operation) => Object.hasOwn(operations, operation),
    execute(operation, input) {
      calls.push(operation);
      return operations[operation]!(input as Record<string, unknown>);
    },
  };
}
