/** The journal's operations as the undo list shows them: what was written, to which item, and whether it can be undone. */
import type { WireAttributeValue, WireItem } from '@dynotable/core';
import { cellText } from '../cell-format.js';
import type { JournalOperation } from './editor-api.js';

/** `PK = TICKET#8842, SK = TICKET` */
export function keyText(key: WireItem): string {
  return Object.entries(key)
    .map(([name, value]: [string, WireAttributeValue]) => `${name} = ${cellText(value)}`)
    .join(', ');
}

const VERBS: Record<string, string> = {
  put: 'Put',
  update: 'Update',
  move: 'Key change',
  transaction: 'Transaction',
  delete: 'Delete',
  'batch-delete': 'Batch delete',
  import: 'Import',
  copy: 'Copy',
  'sample-load': 'Sample load',
  purge: 'Purge',
  undo: 'Undo',
};

/** "Update PK = TICKET#8842, SK = TICKET", "Key change … → …", "Batch delete of 50 items". */
export function operationSummary(operation: JournalOperation): string {
  const verb = VERBS[operation.operation] ?? operation.operation;
  const first = operation.changes[0];
  if (first === undefined) return operation.note !== undefined ? `${verb}: ${operation.note}` : verb;
  const target = first.newKey !== undefined ? `${keyText(first.key)} → ${keyText(first.newKey)}` : keyText(first.key);
  const more = operation.itemCount > 1 ? ` and ${operation.itemCount - 1} more item${operation.itemCount === 2 ? '' : 's'}` : '';
  return `${verb} ${target}${more}`;
}

/** Why an operation has no Undo button, or undefined when it has one. */
export function whyNotUndoable(operation: JournalOperation): string | undefined {
  if (operation.state === 'undone') return 'already undone';
  if (!operation.undoable) return operation.note ?? 'not undoable (a summary without the items)';
  if (operation.openConnectionId === undefined) return 'made on a database that is not open';
  return undefined;
}

/** Attribute names that differ between the item before and after the write. */
export function changedNames(before: WireItem | undefined, after: WireItem | undefined): string[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...names].filter((name) => JSON.stringify(before?.[name]) !== JSON.stringify(after?.[name]));
}

export function timeText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString('en-GB', { hour12: false });
}
