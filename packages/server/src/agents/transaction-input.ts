/**
 * A proposed transaction: up to 100 puts, updates, deletes and condition
 * checks on tables of one connection, each in the body of its items route
 * (`table` names another table of the connection than the proposal's).
 */
import { z } from 'zod';
import { deleteInput, putInput, updateInput } from '../data/items/write-schemas.js';
import { namesSchema, wireItemSchema } from '../data/wire-input.js';

const onTable = { table: z.string().min(1).optional() };

const conditionCheckInput = z.object({
  ...onTable,
  Key: wireItemSchema,
  condition: z.string().optional(),
  ConditionExpression: z.string().optional(),
  ExpressionAttributeNames: namesSchema.optional(),
  ExpressionAttributeValues: wireItemSchema.optional(),
});

const action = z.union([
  z.strictObject({ put: putInput.extend(onTable) }),
  z.strictObject({ update: updateInput.extend(onTable) }),
  z.strictObject({ delete: deleteInput.extend(onTable) }),
  z.strictObject({ conditionCheck: conditionCheckInput }),
]);

/** DynamoDB's limit on the actions of one TransactWriteItems. */
const MAX_ACTIONS = 100;

export const transactionInput = z.object({
  actions: z.array(action).min(1, 'give at least one action').max(MAX_ACTIONS, `at most ${MAX_ACTIONS} actions in one transaction`),
});

export type TransactionInput = z.infer<typeof transactionInput>;
export type TransactionAction = TransactionInput['actions'][number];
