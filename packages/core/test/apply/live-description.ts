/**
 * DescribeTable's answer for a table made by a CreateTable request, and what
 * UpdateTable / UpdateTimeToLive do to it — as DynamoDB answers and acts, so
 * the comparison can be checked against tables it did not make itself.
 */
import type { CreateTableRequest, LiveTableDescription, LiveTimeToLive } from '@dynotable/core';

type Writable<T> = { -readonly [K in keyof T]: T[K] };
export type Description = Writable<LiveTableDescription>;

export function describeCreated(request: CreateTableRequest): Description {
  return {
    TableName: request.TableName,
    KeySchema: request.KeySchema,
    AttributeDefinitions: request.AttributeDefinitions,
    ...(request.GlobalSecondaryIndexes ? { GlobalSecondaryIndexes: request.GlobalSecondaryIndexes } : {}),
    ...(request.LocalSecondaryIndexes ? { LocalSecondaryIndexes: request.LocalSecondaryIndexes } : {}),
    BillingModeSummary: { BillingMode: request.BillingMode },
    ProvisionedThroughput: request.ProvisionedThroughput ?? { ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
    ...(request.TableClass ? { TableClassSummary: { TableClass: request.TableClass } } : {}),
  };
}

interface IndexUpdate {
  Create?: NonNullable<LiveTableDescription['GlobalSecondaryIndexes']>[number];
  Delete?: { IndexName: string };
  Update?: { IndexName: string; ProvisionedThroughput: { ReadCapacityUnits: number; WriteCapacityUnits: number } };
}

/** UpdateTable on a description, refusing what DynamoDB refuses here: two index creations or deletions in one call. */
export function updateTable(table: Description, input: Record<string, unknown>): Description {
  const next: Description = { ...table, GlobalSecondaryIndexes: [...(table.GlobalSecondaryIndexes ?? [])] };
  const updates = (input['GlobalSecondaryIndexUpdates'] as IndexUpdate[] | undefined) ?? [];
  if (updates.filter((update) => update.Create || update.Delete).length > 1) throw new Error('ValidationException: one GSI create or delete per UpdateTable');
  for (const definition of (input['AttributeDefinitions'] as { AttributeName: string; AttributeType: string }[] | undefined) ?? []) {
    next.AttributeDefinitions = [...(next.AttributeDefinitions ?? []).filter((d) => d.AttributeName !== definition.AttributeName), definition];
  }
  for (const update of updates) {
    if (update.Delete) next.GlobalSecondaryIndexes = next.GlobalSecondaryIndexes!.filter((index) => index.IndexName !== update.Delete!.IndexName);
    if (update.Create) {
      if (next.GlobalSecondaryIndexes!.some((index) => index.IndexName === update.Create!.IndexName)) throw new Error('ValidationException: index exists');
      next.GlobalSecondaryIndexes = [...next.GlobalSecondaryIndexes!, update.Create];
    }
    if (update.Update) {
      next.GlobalSecondaryIndexes = next.GlobalSecondaryIndexes!.map((index) => (index.IndexName === update.Update!.IndexName ? { ...index, ProvisionedThroughput: update.Update!.ProvisionedThroughput } : index));
    }
  }
  if (input['BillingMode'] !== undefined) next.BillingModeSummary = { BillingMode: input['BillingMode'] as string };
  if (input['BillingMode'] === 'PAY_PER_REQUEST') next.ProvisionedThroughput = { ReadCapacityUnits: 0, WriteCapacityUnits: 0 };
  if (input['ProvisionedThroughput'] !== undefined) next.ProvisionedThroughput = input['ProvisionedThroughput'] as Description['ProvisionedThroughput'];
  if (input['TableClass'] !== undefined) next.TableClassSummary = { TableClass: input['TableClass'] as string };
  return next;
}

export function updateTimeToLive(input: Record<string, unknown>): LiveTimeToLive {
  const spec = input['TimeToLiveSpecification'] as { Enabled: boolean; AttributeName: string };
  return spec.Enabled ? { TimeToLiveStatus: 'ENABLED', AttributeName: spec.AttributeName } : { TimeToLiveStatus: 'DISABLED' };
}
