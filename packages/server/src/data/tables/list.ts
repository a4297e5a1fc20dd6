/**
 * Tables whose name contains the search text (case-insensitive), following
 * ListTables' paging: the answer's lastEvaluatedTableName continues the list.
 * With details, each is described (concurrently, a few at a time).
 */
import { DescribeTableCommand, ListTablesCommand, type DynamoDBClient, type TableDescription } from '@aws-sdk/client-dynamodb';
import { NOTHING_CONSUMED } from '../consumed.js';
import { readTableDescription, type KeyAttribute } from '../table-description.js';
import type { TableKeyPart, TableList, TableSummary } from '../shapes.js';
import type { ListTablesInput } from './schemas.js';

export type { TableList };

const DEFAULT_LIMIT = 100;
const DESCRIBE_CONCURRENCY = 8;

function summarize(description: TableDescription): TableSummary {
  const table = readTableDescription(description);
  const { partition, sort } = table.keys;
  const part = (key: KeyAttribute): TableKeyPart => ({ name: key.name, type: key.type });
  return {
    name: table.name,
    ...(table.status !== undefined ? { status: table.status } : {}),
    ...(table.itemCount !== undefined ? { itemCount: table.itemCount } : {}),
    ...(table.sizeBytes !== undefined ? { sizeBytes: table.sizeBytes } : {}),
    ...(partition.name !== '' ? { keySchema: { partitionKey: part(partition), ...(sort !== undefined ? { sortKey: part(sort) } : {}) } } : {}),
    billingMode: table.billingMode,
    tableClass: table.tableClass,
    globalSecondaryIndexes: table.indexes.filter((index) => index.kind === 'global').length,
    localSecondaryIndexes: table.indexes.filter((index) => index.kind === 'local').length,
  };
}

async function describeAll(client: DynamoDBClient, names: readonly string[], signal: AbortSignal): Promise<TableSummary[]> {
  const results: TableSummary[] = new Array(names.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < names.length; i = next++) {
      const name = names[i]!;
      try {
        const { Table } = await client.send(new DescribeTableCommand({ TableName: name }), { abortSignal: signal });
        results[i] = summarize(Table ?? { TableName: name });
      } catch (error) {
        if (signal.aborted) throw error;
        const failure = error instanceof Error ? { type: error.name, message: error.message } : { type: 'InternalError', message: String(error) };
        results[i] = { name, error: failure };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DESCRIBE_CONCURRENCY, names.length) }, worker));
  return results;
}

export async function listTables(client: DynamoDBClient, input: ListTablesInput, signal: AbortSignal): Promise<TableList> {
  const limit = input.limit ?? DEFAULT_LIMIT;
  const needle = input.search?.toLowerCase() ?? '';
  const names: string[] = [];
  let cursor = input.exclusiveStartTableName;
  let more = false;
  pages: do {
    const page = await client.send(new ListTablesCommand({ ...(cursor !== undefined ? { ExclusiveStartTableName: cursor } : {}), Limit: 100 }), {
      abortSignal: signal,
    });
    const pageNames = page.TableNames ?? [];
    for (let i = 0; i < pageNames.length; i++) {
      const name = pageNames[i]!;
      if (!name.toLowerCase().includes(needle)) continue;
      names.push(name);
      if (names.length === limit) {
        more = i < pageNames.length - 1 || page.LastEvaluatedTableName !== undefined;
        break pages;
      }
    }
    cursor = page.LastEvaluatedTableName;
  } while (cursor !== undefined);
  const tables = input.details === true ? await describeAll(client, names, signal) : names.map((name) => ({ name }));
  return { tables, ...(more ? { lastEvaluatedTableName: names[names.length - 1]! } : {}), consumed: NOTHING_CONSUMED };
}
