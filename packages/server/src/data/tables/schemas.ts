/** Inputs of the table routes. zod checks the shape; DynamoDB's own rules (names, limits, combinations) give DynamoDB's errors. */
import { z } from 'zod';

const keyAttribute = z.object({
  name: z.string().min(1, 'give the attribute name'),
  type: z.enum(['S', 'N', 'B'], { error: 'a key attribute is S (string), N (number) or B (binary)' }),
});

const throughput = z.object({
  readCapacityUnits: z.number().int('expected a whole number of read capacity units').min(1),
  writeCapacityUnits: z.number().int('expected a whole number of write capacity units').min(1),
});

const projection = z.object({
  type: z.enum(['ALL', 'KEYS_ONLY', 'INCLUDE'], { error: 'a projection is ALL, KEYS_ONLY or INCLUDE' }),
  /** INCLUDE only: the attributes copied into the index besides the keys. */
  nonKeyAttributes: z.array(z.string()).optional(),
});

/**
 * A GSI's keys: one partitionKey (and optional sortKey), or for a
 * multi-attribute key the lists partitionKeys and sortKeys, every attribute in
 * key order. How many DynamoDB takes is its own rule, refused in its words.
 */
const globalIndexSchema = z
  .object({
    name: z.string().min(1, 'give the index name'),
    partitionKey: keyAttribute.optional(),
    sortKey: keyAttribute.optional(),
    partitionKeys: z.array(keyAttribute).min(1, 'give at least one partition key attribute in partitionKeys').optional(),
    sortKeys: z.array(keyAttribute).optional(),
    /** ALL when not given. */
    projection: projection.optional(),
    /** PROVISIONED tables: the table's throughput when not given. */
    provisionedThroughput: throughput.optional(),
  })
  .refine((index) => (index.partitionKey === undefined) !== (index.partitionKeys === undefined), {
    message: 'give the index partitionKey, or partitionKeys (a list) for a multi-attribute key, not both',
    path: ['partitionKey'],
  })
  .refine((index) => index.sortKey === undefined || index.sortKeys === undefined, {
    message: 'give the index sortKey, or sortKeys (a list) for a multi-attribute key, not both',
    path: ['sortKey'],
  });

const localIndexSchema = z.object({
  name: z.string().min(1, 'give the index name'),
  sortKey: keyAttribute,
  projection: projection.optional(),
});

const billingMode = z.enum(['PAY_PER_REQUEST', 'PROVISIONED'], { error: 'billingMode is PAY_PER_REQUEST (on demand) or PROVISIONED' });
const tableClass = z.enum(['STANDARD', 'STANDARD_INFREQUENT_ACCESS'], { error: 'tableClass is STANDARD or STANDARD_INFREQUENT_ACCESS' });

/** A stream on the table: which images its records carry (StreamSpecification). */
const streamSettings = z
  .object({
    enabled: z.boolean({ error: 'stream.enabled: true to turn the stream on, false to turn it off' }),
    viewType: z.enum(['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'], { error: 'stream.viewType is KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES' }).optional(),
  })
  .refine((stream) => !stream.enabled || stream.viewType !== undefined, { message: 'stream.viewType: give the view type to turn the stream on' });

/** Query strings carry text: `details=true`. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')], { error: 'expected true or false' });

export const listTablesInput = z.object({
  /** Case-insensitive substring of the table name. */
  search: z.string().optional(),
  limit: z.coerce.number().int('limit is a whole number').min(1).max(1000).optional(),
  /** The previous answer's lastEvaluatedTableName, for the next page. */
  exclusiveStartTableName: z.string().optional(),
  /** Also DescribeTable each: item count, size, status, key schema, billing. */
  details: flag.optional(),
});

export const createTableInput = z.object({
  name: z.string().min(1, 'give the table name'),
  partitionKey: keyAttribute,
  sortKey: keyAttribute.optional(),
  billingMode: billingMode.optional(),
  provisionedThroughput: throughput.optional(),
  globalSecondaryIndexes: z.array(globalIndexSchema).optional(),
  localSecondaryIndexes: z.array(localIndexSchema).optional(),
  /** Turns TTL on with this attribute once the table is active. */
  ttlAttribute: z.string().min(1).optional(),
  tableClass: tableClass.optional(),
  deletionProtection: z.boolean().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  stream: streamSettings.optional(),
});

export const updateTableInput = z.object({
  billingMode: billingMode.optional(),
  provisionedThroughput: throughput.optional(),
  createIndex: globalIndexSchema.optional(),
  deleteIndex: z.string().min(1).optional(),
  tableClass: tableClass.optional(),
  deletionProtection: z.boolean().optional(),
  timeToLive: z.object({ enabled: z.boolean(), attributeName: z.string().min(1) }).optional(),
  /** On, off, or (off first) another view type: DynamoDB refuses to change an enabled stream's view type. */
  stream: streamSettings.optional(),
});

/** The table name as the user typed it, to confirm a destructive action. */
export const confirmNameInput = z.object({ confirmName: z.string({ error: 'type the table name in confirmName to confirm' }) });

export type ListTablesInput = z.infer<typeof listTablesInput>;
export type CreateTableInput = z.infer<typeof createTableInput>;
export type UpdateTableInput = z.infer<typeof updateTableInput>;
export type StreamSettingsInput = z.infer<typeof streamSettings>;
export type GlobalIndexInput = z.infer<typeof globalIndexSchema>;
