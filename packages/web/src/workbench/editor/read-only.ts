/**
 * Whether an item as read can be edited. An index that projects KEYS_ONLY or
 * INCLUDE, or a read with a projection, returns only some attributes: saving
 * that copy would remove the others, so it opens read-only until the whole
 * item is loaded from the table.
 */
import type { QueryTarget } from '../table-indexes.js';

export function readOnlyReason(target: QueryTarget, projection: string | undefined): string | undefined {
  if (target.kind !== 'table' && target.projection !== 'ALL') {
    const kind = target.kind === 'gsi' ? 'global secondary index' : 'local secondary index';
    return (
      `this item was read from the ${kind} ${target.indexName ?? ''}, which projects ${target.projection}: ` +
      'it holds only some of the item’s attributes, and saving this copy would remove the others. Load the full item from the table to edit it.'
    );
  }
  if (projection !== undefined && projection.trim() !== '') {
    return `this item was read with the projection “${projection.trim()}”, so only those attributes were loaded. Load the full item from the table to edit it.`;
  }
  return undefined;
}
