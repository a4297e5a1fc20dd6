/** Inputs of the item writes (and of their previews, which take the same input). */
import { z } from 'zod';
import { namesSchema, wireItemSchema } from '../wire-input.js';

const conditionFields = {
  /** Friendly text, e.g. `status = "open"`. */
  condition: z.string().optional(),
  ConditionExpression: z.string().optional(),
  ExpressionAttributeNames: namesSchema.optional(),
  ExpressionAttributeValues: wireItemSchema.optional(),
};

export const putInput = z.object({
  Item: wireItemSchema,
  /** Adds attribute_not_exists on the partition key: never overwrite. */
  ifNotExists: z.boolean().optional(),
  ...conditionFields,
});

export const deleteInput = z.object({ Key: wireItemSchema, ...conditionFields });

export const updateInput = z.object({
  key: wireItemSchema,
  /** The item as it was loaded. */
  before: wireItemSchema,
  /** The item as the user wants it. */
  after: wireItemSchema,
});

export const moveInput = z.object({ before: wireItemSchema, after: wireItemSchema });

export const batchDeleteInput = z.object({
  keys: z.array(wireItemSchema).min(1, 'give at least one key').max(100_000, 'at most 100,000 keys in one request'),
});

export type PutInput = z.infer<typeof putInput>;
export type DeleteInput = z.infer<typeof deleteInput>;
export type UpdateInput = z.infer<typeof updateInput>;
export type MoveInput = z.infer<typeof moveInput>;
