/**
 * Items inside a NoSQL Workbench model (format 3.0): the table's `TableData`
 * holds DynamoDB JSON items. Writing produces a model of the one table (keys,
 * global indexes, the attributes met, the items); reading streams the
 * TableData of the table named, or of the first table that has any.
 */
import type { Item } from '@dynotable/core';
import { itemToWire, typeOf } from '@dynotable/core';
import { TransferInputError } from './errors.js';
import { wireElementItems } from './json-array.js';
import { jsonArrayElements } from './json-elements.js';
import type { SourceItem } from './source-item.js';
import type { KeyShape, TableShape } from '../data/table-description.js';

export interface WorkbenchReadOptions {
  /** The NoSQL Workbench table whose items to read (default: the first with TableData). */
  readonly table?: string;
}

function keyAttributes(keys: KeyShape): Record<string, unknown> {
  return {
    PartitionKey: { AttributeName: keys.partition.name, AttributeType: keys.partition.type },
    ...(keys.sort ? { SortKey: { AttributeName: keys.sort.name, AttributeType: keys.sort.type } } : {}),
  };
}

/** The model's head up to the items, and its tail after them (which lists the attributes met). */
export async function* writeWorkbench(items: AsyncIterable<Item>, table: TableShape, now = new Date()): AsyncIterable<string> {
  const date = now.toISOString();
  const head = {
    ModelName: table.name,
    ModelMetadata: { Author: '', DateCreated: date, DateLastModified: date, Description: `Items of ${table.name}, exported by DynoTable`, AWSService: 'Amazon DynamoDB', Version: '3.0' },
  };
  const tableHead = {
    TableName: table.name,
    KeyAttributes: keyAttributes(table.keys),
    TableFacets: [],
    GlobalSecondaryIndexes: table.indexes
      .filter((index) => index.kind === 'global')
      .map((index) => ({ IndexName: index.name, KeyAttributes: keyAttributes(index.keys), Projection: { ProjectionType: index.projection.ProjectionType ?? 'ALL', ...(index.projection.NonKeyAttributes ? { NonKeyAttributes: [...index.projection.NonKeyAttributes] } : {}) } })),
    DataAccess: { MySql: {} },
    BillingMode: table.billingMode,
    ...(table.provisioned ? { ProvisionedCapacitySettings: { ProvisionedThroughput: table.provisioned } } : {}),
  };
  const keyNames = new Set([table.keys.partition.name, table.keys.sort?.name]);
  const attributes = new Map<string, string>();
  yield `${JSON.stringify(head).slice(0, -1)},"DataModel":[${JSON.stringify(tableHead).slice(0, -1)},"TableData":[`;
  let first = true;
  for await (const item of items) {
    for (const name of Object.keys(item)) if (!keyNames.has(name) && !attributes.has(name)) attributes.set(name, typeOf(item[name]!));
    yield `${first ? '\n' : ',\n'}${JSON.stringify(itemToWire(item))}`;
    first = false;
  }
  const nonKey = [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
  yield `${first ? '' : '\n'}],"NonKeyAttributes":${JSON.stringify(nonKey)}}]}\n`;
}

export async function* readWorkbench(chunks: AsyncIterable<string>, options: WorkbenchReadOptions = {}): AsyncIterable<SourceItem> {
  let taken: number | undefined;
  const elements = jsonArrayElements(chunks, (path, siblings) => {
    if (path.length !== 3 || path[0] !== 'DataModel' || path[2] !== 'TableData') return false;
    const name = siblings.get('TableName');
    if (options.table !== undefined) {
      const wanted = name === undefined || name === options.table;
      if (wanted) taken = path[1] as number;
      return wanted;
    }
    if (taken !== undefined) return false;
    taken = path[1] as number;
    return true;
  });
  yield* wireElementItems(elements);
  if (taken === undefined) {
    const which = options.table === undefined ? 'any table' : `a table named ${options.table}`;
    throw new TransferInputError(1, 'ValidationException', `the NoSQL Workbench model has no TableData for ${which}`);
  }
}
