/** DescribeTable with the table's TTL (DescribeTimeToLive) and, where the endpoint answers, its tags. */
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ListTagsOfResourceCommand,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { TimeToLive } from '../shapes.js';
import { NOTHING_CONSUMED, type Consumed } from '../consumed.js';
import { readTableDescription } from '../table-description.js';
import { remember } from '../table-info.js';


export interface TableDetails {
  /** DynamoDB's TableDescription as it answered. */
  readonly table: TableDescription;
  readonly timeToLive: TimeToLive;
  /** Absent when the endpoint does not answer ListTagsOfResource (or it is not allowed). */
  readonly tags?: Record<string, string>;
  readonly consumed: Consumed;
}

async function describeTimeToLive(client: DynamoDBClient, table: string, signal: AbortSignal): Promise<TimeToLive> {
  const { TimeToLiveDescription: ttl } = await client.send(new DescribeTimeToLiveCommand({ TableName: table }), { abortSignal: signal });
  return { status: ttl?.TimeToLiveStatus ?? 'DISABLED', ...(ttl?.AttributeName !== undefined ? { attributeName: ttl.AttributeName } : {}) };
}

async function tagsOf(client: DynamoDBClient, arn: string | undefined, signal: AbortSignal): Promise<Record<string, string> | undefined> {
  if (arn === undefined) return undefined;
  try {
    const tags: Record<string, string> = {};
    let next: string | undefined;
    do {
      const page = await client.send(new ListTagsOfResourceCommand({ ResourceArn: arn, ...(next !== undefined ? { NextToken: next } : {}) }), {
        abortSignal: signal,
      });
      for (const tag of page.Tags ?? []) if (tag.Key !== undefined) tags[tag.Key] = tag.Value ?? '';
      next = page.NextToken;
    } while (next !== undefined);
    return tags;
  } catch (error) {
    if (signal.aborted) throw error;
    return undefined;
  }
}

export async function describeTable(client: DynamoDBClient, name: string, signal: AbortSignal): Promise<TableDetails> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }), { abortSignal: signal });
  const table = Table ?? {};
  remember(client, name, readTableDescription(table));
  const [timeToLive, tags] = await Promise.all([describeTimeToLive(client, name, signal), tagsOf(client, table.TableArn, signal)]);
  return { table, timeToLive, ...(tags !== undefined ? { tags } : {}), consumed: NOTHING_CONSUMED };
}
