/** Inputs of Query, Scan and GetItem: friendly text or DynamoDB's own parameters. */
import { z } from 'zod';
import { namesSchema, wireItemSchema } from '../wire-input.js';

const int32 = z.number({ error: 'expected a whole number' }).int('expected a whole number').min(0).max(2 ** 31 - 1);

const readFields = {
  /** Friendly text: raw attribute names, literal values (see core's friendly grammar). */
  filter: z.string().optional(),
  projection: z.string().optional(),
  IndexName: z.string().optional(),
  FilterExpression: z.string().optional(),
  ProjectionExpression: z.string().optional(),
  ExpressionAttributeNames: namesSchema.optional(),
  ExpressionAttributeValues: wireItemSchema.optional(),
  Limit: int32.optional(),
  ConsistentRead: z.boolean().optional(),
  Select: z.enum(['ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES', 'COUNT']).optional(),
  ExclusiveStartKey: wireItemSchema.optional(),
  /** false: leave out the generated programs (the wire request stays), for paging through many pages. */
  code: z.boolean().optional(),
};

export const queryInput = z.object({
  key: z.string().optional(),
  KeyConditionExpression: z.string().optional(),
  ScanIndexForward: z.boolean().optional(),
  ...readFields,
});

export const scanInput = z.object({
  key: z.undefined({ error: 'a Scan has no key condition: use filter, or POST .../query' }).optional(),
  Segment: int32.optional(),
  TotalSegments: int32.optional(),
  ...readFields,
});

export const getInput = z.object({
  Key: wireItemSchema,
  ConsistentRead: z.boolean().optional(),
  projection: z.string().optional(),
  ProjectionExpression: z.string().optional(),
  ExpressionAttributeNames: namesSchema.optional(),
});

export type QueryInput = z.infer<typeof queryInput>;
export type ScanInput = z.infer<typeof scanInput>;
export type GetInput = z.infer<typeof getInput>;
