/**
 * What the conformance files share: attribute value shorthands, on-demand
 * tables, and the error a request that must be refused is refused with.
 */
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import type {
  AttributeDefinition,
  AttributeValue,
  CreateTableCommandInput,
  GlobalSecondaryIndex,
  KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import type { ConformanceTarget } from './targets.js';

export const S = (value: string): AttributeValue => ({ S: value });
export const N = (value: number | string): AttributeValue => ({ N: String(value) });

/** Creates a table, on demand unless `input` says otherwise. */
export async function createTable(target: ConformanceTarget, input: CreateTableCommandInput): Promise<void> {
  await target.client.send(new CreateTableCommand({ BillingMode: 'PAY_PER_REQUEST', ...input }));
}

/** Attribute definitions of string attributes. */
export function stringAttributes(...names: string[]): AttributeDefinition[] {
  return names.map((AttributeName) => ({ AttributeName, AttributeType: 'S' }));
}

/** A key schema: a partition key and, when given, a sort key. */
export function keySchema(partition: string, sort?: string): KeySchemaElement[] {
  const schema: KeySchemaElement[] = [{ AttributeName: partition, KeyType: 'HASH' }];
  if (sort !== undefined) schema.push({ AttributeName: sort, KeyType: 'RANGE' });
  return schema;
}

/** The key members of a table keyed by string attributes. */
export function stringKeys(partition: string, sort?: string): Pick<CreateTableCommandInput, 'AttributeDefinitions' | 'KeySchema'> {
  return {
    AttributeDefinitions: stringAttributes(partition, ...(sort === undefined ? [] : [sort])),
    KeySchema: keySchema(partition, sort),
  };
}

/** The overloaded index of a single-table design: GSI1PK and GSI1SK, every attribute projected. */
export const GSI1: GlobalSecondaryIndex = {
  IndexName: 'GSI1',
  KeySchema: keySchema('GSI1PK', 'GSI1SK'),
  Projection: { ProjectionType: 'ALL' },
};

/** The error `promise` is refused with; a request that succeeds fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: Error & Record<string, unknown>) => error,
  );
}

/** The name and message of the error `promise` is refused with. */
export async function refusal(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  const { name, message } = await rejection(promise);
  return { name, message };
}
