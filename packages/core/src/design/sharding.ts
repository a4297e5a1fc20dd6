/**
 * Write sharding: when the declared rates could put more than one partition's
 * 1,000 WCU (or 3,000 RCU) per second on one partition key value, the
 * partition key gets a `#{shard}` suffix and N values. The worst case is
 * assumed: all traffic on one value (one hot season, one busy actor), except
 * for keys that contain the item's own id, where every item is its own partition.
 */
import { compileKeyTemplate } from '../keys/template.js';
import type { EntitySpec, Model } from '../model/types.js';
import { itemReadUnits, itemWriteUnits, queryReadUnits, writeBlocks } from '../size/capacity.js';
import type { DesignDraft, Reading } from './draft.js';
import { estimateItemBytes } from './estimate.js';
import type { EntityIndex } from './indexes.js';
import { entityIndexes, indexLabel } from './indexes.js';
import { identityOf } from './naming.js';
import { analyzeMeaning } from './plan.js';
import { SHARD_FIELD } from './plan-candidate.js';

const PARTITION_WRITE_UNITS = 1000;
const PARTITION_READ_UNITS = 3000;

export function shardHotPartitions(draft: DesignDraft, readings: readonly Reading[]): void {
  const model = draft.model();
  for (const entity of model.entities) {
    const table = model.tables.find((t) => t.name === entity.table);
    if (table === undefined) continue;
    const size = estimateItemBytes(entity);
    let most = 0;
    for (const index of entityIndexes(table, entity)) {
      const fields = compileKeyTemplate(index.partitionTemplate).fields;
      if (fields.includes(identityOf(entity)?.name ?? '') || fields.includes(SHARD_FIELD)) continue;
      // A key attribute that is the item's own attribute (a multi-attribute GSI key) cannot take a shard suffix.
      if (index.partitionKeys.some((key) => entity.attributes.some((attribute) => attribute.name === key.name))) continue;
      const writes = writeLoad(model, entity, index, size);
      const reads = readLoad(model, entity, index, size, readings);
      const shards = Math.max(Math.ceil(writes / PARTITION_WRITE_UNITS), Math.ceil(reads / PARTITION_READ_UNITS));
      if (shards <= 1) continue;
      most = Math.max(most, shards);
      const sharded = `${index.partitionTemplate}#{${SHARD_FIELD}}`;
      draft.setKeys(entity.name, { [index.partitionKey.name]: sharded });
      draft.decide(
        `${entity.name} ${index.partitionKey.name} sharding`,
        `${index.partitionKey.name} = ${sharded} with ${shards} shards (${SHARD_FIELD} 0 to ${shards - 1})`,
        `At the declared rates one ${index.partitionTemplate} value of ${indexLabel(index)} could take about ${Math.round(writes)} WCU and ${Math.round(reads)} RCU per second (item about ${size} bytes), above a partition's ${PARTITION_WRITE_UNITS} WCU or ${PARTITION_READ_UNITS} RCU; writes pick a shard, reads query every shard and merge.`,
      );
    }
    if (most > 0) {
      draft.addAttribute(entity.name, {
        name: SHARD_FIELD,
        type: 'number',
        integer: true,
        min: 0,
        max: most - 1,
        mutable: false,
        unique: false,
        required: true,
        description: `Write shard, 0 to ${most - 1}: chosen when the item is written (at random, or a hash of its id).`,
      });
    }
  }
}

/** WCU per second on one partition value of the index, from the entity's write paths. */
function writeLoad(model: Model, entity: EntitySpec, index: EntityIndex, size: number): number {
  const keyFields = new Set([index.partitionTemplate, index.sortTemplate ?? ''].flatMap((t) => compileKeyTemplate(t).fields));
  let load = 0;
  for (const path of model.writePaths) {
    if (path.entity !== entity.name || path.rate === undefined) continue;
    let units = index.kind === 'table' ? itemWriteUnits(size) : writeBlocks(size);
    // An update that changes the index key moves the index entry: a delete and a put.
    if (index.kind !== 'table' && path.kind === 'update' && path.attributes.some((a) => keyFields.has(a))) units *= 2;
    load += path.rate * units;
  }
  return load;
}

/** RCU per second on one partition value of the index, from the plans that read it. */
function readLoad(model: Model, entity: EntitySpec, index: EntityIndex, size: number, readings: readonly Reading[]): number {
  let load = 0;
  for (const { pattern, meaning } of readings) {
    if (meaning.entity !== entity.name || pattern.rate === undefined) continue;
    const plan = analyzeMeaning(model, pattern, meaning).plan;
    if (plan.operation === 'Scan' || (plan.index ?? undefined) !== index.name) continue;
    const consistency = plan.consistentRead ? 'strong' : 'eventual';
    const items = pattern.expectedItems ?? plan.limit ?? 1;
    const units = plan.operation === 'GetItem' ? itemReadUnits(size, consistency) : queryReadUnits(Array<number>(items).fill(size), consistency);
    load += pattern.rate * units;
  }
  return load;
}
