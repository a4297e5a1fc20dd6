import { cardinalityOf } from '../attributes.js';
import { keyFields } from '../context.js';
import type { EntityView, LintContext } from '../context.js';
import { estimateItemBytes } from '../item-estimate.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

const COLLECTION_LIMIT = 10 * 1024 ** 3;
const INDEX_ENTRY_OVERHEAD = 100;

/** Bytes one partition value holds for this entity: items per value × (item + its LSI entries), or undefined when unknown. */
function bytesPerPartition(context: LintContext, view: EntityView, partitionAttribute: string, lsiCount: number): number | undefined {
  const key = view.key(partitionAttribute);
  const count = view.entity.count;
  if (!key?.template || count === undefined) return undefined;
  let partitions = 1;
  for (const field of keyFields(key)) {
    const cardinality = cardinalityOf(context.model, view.entity, field);
    if (cardinality === undefined) return undefined;
    partitions *= cardinality;
  }
  const itemBytes = estimateItemBytes(view);
  return (count / Math.max(1, partitions)) * (itemBytes + lsiCount * (itemBytes + INDEX_ENTRY_OVERHEAD));
}

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

export const itemCollectionTooLarge: LintRule = {
  id: 'item-collection-too-large',
  severity: 'error',
  title: 'Item collection that can pass 10 GB on a table with an LSI',
  description:
    'On a table with a local secondary index, all items sharing a partition key value (with their LSI entries) must fit in 10 GB; past that, writes fail with ItemCollectionSizeLimitExceededException.',
  check(context) {
    return context.model.tables
      .filter((table) => table.localSecondaryIndexes.length > 0)
      .flatMap((table) => {
        const views = context.entities.filter((view) => view.table === table);
        const groups = new Map<string, { views: EntityView[]; bytes: number }>();
        for (const view of views) {
          const text = view.key(table.partitionKey.name)?.text;
          const bytes = bytesPerPartition(context, view, table.partitionKey.name, table.localSecondaryIndexes.length);
          if (text === undefined || bytes === undefined) continue;
          const group = groups.get(text) ?? { views: [], bytes: 0 };
          groups.set(text, { views: [...group.views, view], bytes: group.bytes + bytes });
        }
        return [...groups.entries()]
          .filter(([, group]) => group.bytes > COLLECTION_LIMIT)
          .map(([text, group]) => {
            const names = group.views.map((view) => view.entity.name).join(', ');
            return finding(this, {
              subject: `${group.views[0]!.entity.name} ${table.partitionKey.name}`,
              message: `On ${table.name}, which has an LSI, one ${table.partitionKey.name} value (${text}) holds about ${gigabytes(group.bytes)} of ${names} items and LSI entries on average (count ÷ partition values × item size), over the 10 GB an item collection may hold.`,
              fix: `Spread the partition key wider (add a higher-cardinality attribute or a time bucket to ${text}), or use a GSI instead of the LSI: GSIs have no collection limit.`,
              location: location({ entity: group.views[0]!.entity.name, keyAttribute: table.partitionKey.name }),
            });
          });
      });
  },
};
