/**
 * Write paths, verified: a create of an existing item is refused by its
 * condition; an update lands the item in its new place in every index and
 * takes it out of the old one (or, when it changes the base key, the
 * transactional move leaves exactly one item); a delete leaves nothing.
 */
import type { EntitySpec, Model, TableSpec, WritePathSpec } from '../model/types.js';
import type { Item } from '../values/types.js';
import { itemToWire } from '../values/wire.js';
import { compileKeyTemplate } from '../keys/template.js';
import type { SeededRandom } from './random.js';
import { recordToItem, recordIdentity } from './sample-items.js';
import { sampleValue, type SampleValue } from './sample-values.js';
import type { SampleRecord } from './samples.js';
import type { VerifyTarget } from './target.js';
import { indexKeyOf, itemAt, tableIndexKeys } from './positions.js';

export interface WritePathCheck {
  readonly writePath: string;
  readonly check: string;
  readonly passed: boolean;
  readonly detail?: string;
}

export interface WritePathContext {
  readonly target: VerifyTarget;
  readonly model: Model;
  readonly nameOf: (table: string) => string;
  /** Sample records by entity; updated in place so patterns run on the final state. */
  readonly records: Record<string, SampleRecord[]>;
  readonly random: SeededRandom;
}

const UPDATES_PER_PATH = 3;

export async function checkWritePath(context: WritePathContext, path: WritePathSpec): Promise<WritePathCheck[]> {
  const entity = context.model.entities.find((e) => e.name === path.entity)!;
  const records = context.records[entity.name] ?? [];
  if (records.length === 0) return [{ writePath: path.name, check: 'has sample items to write', passed: false, detail: `no ${entity.name} items` }];
  if (path.kind === 'create') return [await checkCreateRefusesDuplicate(context, path, entity, context.random.pick(records))];
  if (path.kind === 'delete') {
    const index = context.random.int(0, records.length - 1);
    return [await checkDelete(context, path, entity, records, index)];
  }
  const checks: WritePathCheck[] = [];
  for (const index of context.random.shuffle(records.map((_, i) => i)).slice(0, UPDATES_PER_PATH)) {
    checks.push(...(await checkUpdate(context, path, entity, records, index)));
  }
  return checks;
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? 'an' : 'a';
}

/** `["815"]` reads as 815 in a sentence. */
function displayIdentity(identity: string): string {
  const values = JSON.parse(identity) as unknown[];
  return values.map(String).join('/');
}

function tableOf(model: Model, entity: EntitySpec): TableSpec {
  return model.tables.find((table) => table.name === entity.table)!;
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

async function checkCreateRefusesDuplicate(context: WritePathContext, path: WritePathSpec, entity: EntitySpec, record: SampleRecord): Promise<WritePathCheck> {
  const table = tableOf(context.model, entity);
  const check = `creating ${article(entity.name)} ${entity.name} that already exists is refused by attribute_not_exists`;
  try {
    await context.target.execute('PutItem', {
      TableName: context.nameOf(table.name),
      Item: itemToWire(recordToItem(context.model, entity, record)),
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': table.partitionKey.name },
    });
    return { writePath: path.name, check, passed: false, detail: 'the PutItem succeeded and overwrote the item' };
  } catch (error) {
    if (isConditionFailure(error)) return { writePath: path.name, check, passed: true };
    throw error;
  }
}

async function checkDelete(context: WritePathContext, path: WritePathSpec, entity: EntitySpec, records: SampleRecord[], index: number): Promise<WritePathCheck> {
  const table = tableOf(context.model, entity);
  const item = recordToItem(context.model, entity, records[index]!);
  const key = indexKeyOf(tableIndexKeys(table)[0]!, item)!;
  await context.target.execute('DeleteItem', { TableName: context.nameOf(table.name), Key: itemToWire(key) });
  records.splice(index, 1);
  const left = await context.target.execute('GetItem', { TableName: context.nameOf(table.name), Key: itemToWire(key), ConsistentRead: true });
  const check = `after ${path.name}, the ${entity.name} is gone`;
  return left['Item'] === undefined ? { writePath: path.name, check, passed: true } : { writePath: path.name, check, passed: false, detail: 'GetItem still finds it' };
}

async function checkUpdate(context: WritePathContext, path: WritePathSpec, entity: EntitySpec, records: SampleRecord[], index: number): Promise<WritePathCheck[]> {
  const { model, target } = context;
  const table = tableOf(model, entity);
  const tableName = context.nameOf(table.name);
  const before = records[index]!;
  const after: SampleRecord = { entity: entity.name, values: { ...before.values, ...changedValues(entity, path, before, context.random) } };
  const oldItem = recordToItem(model, entity, before);
  const fullItem = recordToItem(model, entity, after);
  const newItem = writtenItem(table, entity, path, oldItem, fullItem);
  const indexes = tableIndexKeys(table);
  const oldKey = indexKeyOf(indexes[0]!, oldItem)!;
  const newKey = indexKeyOf(indexes[0]!, newItem)!;
  const identity = recordIdentity(entity, after);
  const shown = displayIdentity(identity);
  records[index] = after;

  if (JSON.stringify(itemToWire(oldKey)) !== JSON.stringify(itemToWire(newKey))) {
    await target.execute('TransactWriteItems', {
      TransactItems: [
        { Delete: { TableName: tableName, Key: itemToWire(oldKey), ConditionExpression: 'attribute_exists(#pk)', ExpressionAttributeNames: { '#pk': table.partitionKey.name } } },
        { Put: { TableName: tableName, Item: itemToWire(newItem), ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': table.partitionKey.name } } },
      ],
    });
    const oldLeft = await target.execute('GetItem', { TableName: tableName, Key: itemToWire(oldKey), ConsistentRead: true });
    const newFound = await target.execute('GetItem', { TableName: tableName, Key: itemToWire(newKey), ConsistentRead: true });
    const passed = oldLeft['Item'] === undefined && newFound['Item'] !== undefined;
    const detail = passed ? undefined : oldLeft['Item'] !== undefined ? 'the old item is still there' : 'the new item is missing';
    return [{ writePath: path.name, check: `the transactional move of ${entity.name} ${shown} leaves exactly one item`, passed, detail }];
  }

  const update = updateInput(tableName, table, oldKey, oldItem, newItem);
  if (update !== undefined) await target.execute('UpdateItem', update);
  const checks: WritePathCheck[] = [];
  for (const keys of indexes.slice(1)) {
    const oldPlace = indexKeyOf(keys, oldItem);
    const newPlace = indexKeyOf(keys, fullItem);
    const stale = JSON.stringify(newPlace && itemToWire(newPlace)) !== JSON.stringify(indexKeyOf(keys, newItem) && itemToWire(indexKeyOf(keys, newItem)!));
    const same = JSON.stringify(oldPlace && itemToWire(oldPlace)) === JSON.stringify(newPlace && itemToWire(newPlace));
    if (same) continue;
    const check = `after ${path.name}, ${entity.name} ${shown} is ${newPlace ? `at its new place in ${keys.name}` : `out of ${keys.name}`}${oldPlace && newPlace ? ' and not at the old one' : ''}`;
    const found = newPlace ? await eventually(target, () => itemAt(target, tableName, keys, newPlace, entity, identity), true) : true;
    const gone = oldPlace && !same ? !(await eventually(target, () => itemAt(target, tableName, keys, oldPlace, entity, identity), false)) : true;
    const detail = stale
      ? `${path.name} cannot rebuild the ${keys.name} key without attributes it does not change, so the item stays at its old place`
      : !found
        ? 'not found at the new place'
        : !gone
          ? 'still found at the old place'
          : undefined;
    checks.push({ writePath: path.name, check, passed: found && gone && !stale, detail });
  }
  return checks;
}

/**
 * What the write path can really write: a key built from an attribute it does
 * not know (neither updated by it, nor immutable, nor part of the base key)
 * cannot be recomputed, so it keeps its old value — the stale composite key the
 * linter warns about, shown here on real data.
 */
function writtenItem(table: TableSpec, entity: EntitySpec, path: WritePathSpec, oldItem: Item, fullItem: Item): Item {
  const baseKeys = [table.partitionKey.name, table.sortKey?.name];
  const baseKeyFields = baseKeys.flatMap((name) => (name && entity.keys[name] ? compileKeyTemplate(entity.keys[name]).fields : []));
  const known = new Set([...path.attributes, ...baseKeyFields, ...entity.attributes.filter((a) => !a.mutable).map((a) => a.name)]);
  const item: Item = { ...fullItem };
  for (const [keyName, template] of Object.entries(entity.keys)) {
    const needed = [...compileKeyTemplate(template).fields, ...Object.keys(entity.keysWhen[keyName] ?? {})];
    if (needed.every((field) => known.has(field))) continue;
    if (oldItem[keyName] === undefined) delete item[keyName];
    else item[keyName] = oldItem[keyName];
  }
  return item;
}

/** New values for the attributes the write path changes, each different from the old one where the type allows. */
function changedValues(entity: EntitySpec, path: WritePathSpec, record: SampleRecord, random: SeededRandom): Record<string, SampleValue> {
  const changed: Record<string, SampleValue> = {};
  for (const name of path.attributes) {
    const spec = entity.attributes.find((a) => a.name === name)!;
    let value = sampleValue(spec, { random, inKey: true, earlierTimes: [], ordinal: Infinity });
    for (let tries = 0; tries < 10 && String(value) === String(record.values[name]); tries++) value = sampleValue(spec, { random, inKey: true, earlierTimes: [], ordinal: Infinity });
    changed[name] = value;
  }
  return changed;
}

/** SET what changed (attributes and the index keys built from them), REMOVE sparse keys that no longer apply. */
function updateInput(tableName: string, table: TableSpec, key: Item, oldItem: Item, newItem: Item): Record<string, unknown> | undefined {
  const keyNames = new Set(Object.keys(key));
  const names: Record<string, string> = { '#pk': table.partitionKey.name };
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  let n = 0;
  for (const [name, value] of Object.entries(newItem)) {
    if (keyNames.has(name) || JSON.stringify(itemToWire({ v: value })) === JSON.stringify(oldItem[name] && itemToWire({ v: oldItem[name] }))) continue;
    names[`#a${n}`] = name;
    values[`:v${n}`] = itemToWire({ v: value })['v'];
    sets.push(`#a${n} = :v${n}`);
    n++;
  }
  for (const name of Object.keys(oldItem)) {
    if (newItem[name] !== undefined) continue;
    names[`#a${n}`] = name;
    removes.push(`#a${n}`);
    n++;
  }
  const update = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' ');
  if (update === '') return undefined;
  return {
    TableName: tableName,
    Key: itemToWire(key),
    UpdateExpression: update,
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** Index reads may lag writes on AWS: retry until the expected answer shows, for a while. */
async function eventually(target: VerifyTarget, probe: () => Promise<boolean>, want: boolean): Promise<boolean> {
  let seen = await probe();
  for (let attempt = 0; target.eventuallyConsistentIndexes && seen !== want && attempt < 10; attempt++) {
    await target.sleep(200 * (attempt + 1));
    seen = await probe();
  }
  return seen;
}
