/** A sparse index holds exactly the items whose values qualify (keysWhen), and nothing else. */
import type { EntitySpec, Model } from '../model/types.js';
import { itemFromWire } from '../values/wire.js';
import { itemIdentity, recordIdentity } from './sample-items.js';
import type { SampleRecord } from './samples.js';
import type { VerifyTarget } from './target.js';
import type { WritePathCheck } from './write-paths.js';

export async function checkSparseIndexes(target: VerifyTarget, model: Model, nameOf: (table: string) => string, records: Record<string, SampleRecord[]>): Promise<WritePathCheck[]> {
  const checks: WritePathCheck[] = [];
  for (const table of model.tables) {
    for (const index of table.globalSecondaryIndexes) {
      for (const entity of model.entities.filter((e) => e.table === table.name && e.keysWhen[index.partitionKey.name] !== undefined)) {
        checks.push(await checkOne(target, nameOf(table.name), index.name, index.partitionKey.name, entity, records[entity.name] ?? []));
      }
    }
  }
  return checks;
}

async function checkOne(target: VerifyTarget, tableName: string, indexName: string, keyName: string, entity: EntitySpec, records: SampleRecord[]): Promise<WritePathCheck> {
  const when = entity.keysWhen[keyName]!;
  const wanted = new Set(records.filter((r) => Object.entries(when).every(([name, value]) => String(r.values[name]) === value)).map((r) => recordIdentity(entity, r)));
  const found = new Set<string>();
  let stray: string | undefined;
  let startKey: unknown;
  do {
    const output = (await target.execute('Scan', { TableName: tableName, IndexName: indexName, ...(startKey ? { ExclusiveStartKey: startKey } : {}) })) as {
      Items?: unknown[];
      LastEvaluatedKey?: unknown;
    };
    for (const raw of output.Items ?? []) {
      const identity = itemIdentity(entity, itemFromWire(raw));
      if (identity === undefined) continue;
      if (!wanted.has(identity)) stray ??= identity;
      found.add(identity);
    }
    startKey = output.LastEvaluatedKey;
  } while (startKey !== undefined);
  const condition = Object.entries(when).map(([name, value]) => `${name} = ${value}`).join(' and ');
  const check = `sparse index ${indexName} holds only the ${entity.plural} where ${condition} (${wanted.size} of ${records.length})`;
  const missing = [...wanted].find((identity) => !found.has(identity));
  const detail = stray ? `holds ${entity.name} ${stray}, which does not qualify` : missing ? `misses ${entity.name} ${missing}` : undefined;
  return { writePath: `index ${indexName}`, check, passed: detail === undefined, detail };
}
