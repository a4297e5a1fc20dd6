import type { GlobalIndexSpec, WritePathSpec } from '../../model/types.js';
import { MAX_GSI_KEY_ATTRIBUTES } from '../../rules/limits.js';
import { itemReadUnits, itemWriteUnits, queryReadUnits } from '../../size/capacity.js';
import { identityAttributes } from '../attributes.js';
import type { EntityKey, EntityView } from '../context.js';
import { keyFields } from '../context.js';
import { estimateItemBytes } from '../item-estimate.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

const PARTITION_RCU = 3000;
const PARTITION_WCU = 1000;

function figure(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/**
 * The partition key of a read or write path as one key: every partition key
 * attribute (a multi-attribute GSI has up to four), or undefined when any of
 * them is not a key the entity writes (nothing to judge).
 */
interface PartitionKey {
  readonly parts: readonly EntityKey[];
  /** `teamId` or `teamId + status`. */
  readonly names: string;
  /** `TEAM#{teamId}` or `{teamId}, {status}`. */
  readonly text: string;
}

function partitionKeyOf(keys: readonly (EntityKey | undefined)[]): PartitionKey | undefined {
  if (keys.length === 0 || keys.some((key) => key === undefined)) return undefined;
  const parts = keys as readonly EntityKey[];
  return { parts, names: parts.map((key) => key.keyAttribute).join(' + '), text: parts.map((key) => key.text).join(', ') };
}

/**
 * Calls per second the busiest value of this partition key can see. When any
 * of its attributes holds the item's own id, calls spread over the items;
 * otherwise (a team, a season, a constant) all of the declared rate can land
 * on one value.
 */
function busiestRate(view: EntityView, key: PartitionKey, rate: number): number {
  const identities = identityAttributes(view.entity);
  const spread = key.parts.some((part) => keyFields(part).some((field) => identities.has(field)));
  return spread && view.entity.count !== undefined ? rate / Math.max(1, view.entity.count) : rate;
}

/** How to spread a hot key: a calculated suffix, or on a multi-attribute key with room, one more partition attribute. */
function shardAdvice(key: PartitionKey, reads: boolean): string {
  const then = reads ? 'query the shards in parallel' : 'read the N shards in parallel';
  if (key.parts.length > 1 && key.parts.length < MAX_GSI_KEY_ATTRIBUTES) {
    return `add a calculated shard attribute (a hash of the item id mod N) as one more partition key attribute after ${key.names}, and ${then}`;
  }
  return `add a calculated suffix to ${key.parts.at(-1)!.text} (${key.parts.at(-1)!.text}#{shard}, a hash of the item id mod N so point reads still find it) and ${then}`;
}

/** Write units a write path costs on one GSI: a new entry, a moved key (delete + put), a changed projection, or nothing. */
function indexWriteUnits(view: EntityView, gsi: GlobalIndexSpec, path: WritePathSpec, itemBytes: number): number {
  if (!partitionKeyOf(gsi.partitionKeys.map((each) => view.key(each.name)))) return 0;
  const entryUnits = gsi.projection.type === 'ALL' ? itemWriteUnits(itemBytes) : 1;
  if (path.kind !== 'update') return entryUnits;
  // Every key attribute of the index: a change to any of them (all of a multi-attribute key) moves the entry.
  const keys = [...gsi.partitionKeys, ...gsi.sortKeys].flatMap((each) => view.key(each.name) ?? []);
  const inputs = new Set(keys.flatMap((key) => [...keyFields(key), ...Object.keys(key.when)]));
  if (path.attributes.some((name) => inputs.has(name))) return 2 * entryUnits;
  const projection = gsi.projection;
  const projected = projection.type === 'ALL' || (projection.type === 'INCLUDE' && path.attributes.some((name) => projection.attributes.includes(name)));
  return projected ? entryUnits : 0;
}

export const hotPartition: LintRule = {
  id: 'hot-partition',
  severity: 'warning',
  title: 'Hot partition for the declared rate',
  description:
    'At the declared rate, one partition key value would need more than 3,000 read units or 1,000 write units per second, the most one partition serves.',
  check(context) {
    const reads = context.patterns.flatMap((analysis) => {
      const { plan, entity: view, readPath } = analysis;
      const rate = analysis.pattern.rate;
      const partition = readPath && partitionKeyOf(readPath.partitions);
      if (!plan || plan.operation === 'Scan' || !view || !readPath || !partition || rate === undefined) return [];
      const itemBytes = estimateItemBytes(view);
      const consistency = analysis.pattern.consistentRead === true && readPath.kind !== 'gsi' ? 'strong' : 'eventual';
      const items = analysis.pattern.expectedItems ?? plan.limit ?? analysis.meaning?.limit ?? 1;
      const perCall =
        plan.operation === 'GetItem' ? itemReadUnits(itemBytes, consistency) : queryReadUnits(new Array<number>(items).fill(itemBytes), consistency);
      const units = busiestRate(view, partition, rate) * perCall;
      if (units <= PARTITION_RCU) return [];
      const where = readPath.index ?? 'the base table';
      return [
        finding(this, {
          subject: `pattern ${analysis.pattern.name}`,
          message: `${analysis.pattern.name} at ${figure(rate)} calls/s × ${figure(perCall)} RCU per call (${items} item${items === 1 ? '' : 's'} of about ${figure(itemBytes)} bytes) can put ${figure(units)} RCU/s on one ${partition.names} value (${partition.text}) of ${where}, over the ${figure(PARTITION_RCU)} RCU one partition serves.`,
          fix: `Cache the hot reads (DAX or an application cache), or shard the partition key: ${shardAdvice(partition, true)}.`,
          location: location({ entity: view.entity.name, index: readPath.index, keyAttribute: partition.parts[0]!.keyAttribute, pattern: analysis.pattern.name }),
        }),
      ];
    });
    const writes = context.entities.flatMap((view) => {
      const table = view.table;
      if (!table) return [];
      const itemBytes = estimateItemBytes(view);
      return view.writePaths.flatMap((path) => {
        if (path.rate === undefined) return [];
        const targets: { index?: string; key: PartitionKey | undefined; perCall: number }[] = [
          { key: partitionKeyOf([view.key(table.partitionKey.name)]), perCall: itemWriteUnits(itemBytes) },
          ...table.globalSecondaryIndexes.map((gsi) => ({
            index: gsi.name,
            key: partitionKeyOf(gsi.partitionKeys.map((each) => view.key(each.name))),
            perCall: indexWriteUnits(view, gsi, path, itemBytes),
          })),
        ];
        return targets.flatMap((target) => {
          if (!target.key || target.key.parts.some((part) => !part.template) || target.perCall === 0) return [];
          const units = busiestRate(view, target.key, path.rate!) * target.perCall;
          if (units <= PARTITION_WCU) return [];
          return [
            finding(this, {
              subject: `write path ${path.name}`,
              message: `${path.name} at ${figure(path.rate!)} writes/s × ${figure(target.perCall)} WCU can put ${figure(units)} WCU/s on one ${target.key.names} value (${target.key.text}) of ${target.index ?? 'the base table'}, over the ${figure(PARTITION_WCU)} WCU one partition accepts.`,
              fix: `Write-shard the key: ${shardAdvice(target.key, false)}.`,
              location: location({ entity: view.entity.name, index: target.index, keyAttribute: target.key.parts[0]!.keyAttribute, writePath: path.name }),
            }),
          ];
        });
      });
    });
    return [...reads, ...writes];
  },
};
