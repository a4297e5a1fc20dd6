/** The body of the write route an edit plan calls. */
import type { WireItem } from '@dynotable/core';
import type { WriteBody } from './editor-api.js';
import { guardedDelete } from './delete-guard.js';
import { primaryKeyOf, type WritePlan } from './edit-plan.js';

export function writeBodyOf(plan: WritePlan, loaded: WireItem | undefined, edited: WireItem, keyNames: readonly string[]): WriteBody | undefined {
  switch (plan.kind) {
    case 'none':
      return undefined;
    case 'create':
      return { kind: 'put', Item: edited, ifNotExists: true };
    case 'update':
      return { kind: 'update', key: primaryKeyOf(loaded!, keyNames), before: loaded!, after: edited };
    case 'move':
      return { kind: 'move', before: loaded!, after: edited };
    case 'delete': {
      const { guard: _guard, ...body } = guardedDelete(loaded!, keyNames);
      return { kind: 'delete', ...body };
    }
  }
}

/** The errors that mean "someone else wrote first": the edit was refused and nothing was written. */
export const CONFLICT_ERRORS = new Set(['ConditionalCheckFailedException', 'TransactionCanceledException']);
