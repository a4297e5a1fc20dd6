/**
 * DynamoDB's limits that more than one package enforces or shows, in one
 * place: the engine enforces them, the server batches by them, the web
 * workbench checks against them before anything is sent.
 *
 * Where the numbers come from: docs/dynamodb-rules.md#limits-and-errors (the
 * limits, with DynamoDB's messages). Prices are in ../cost/prices.ts, from
 * docs/dynamodb-rules.md#prices and docs/pricing.md. Sizes are binary units:
 * 1 KB = 1024 bytes, 1 MB = 1024 KB.
 */

/** An item, names and values together: 400 KB = 409,600 bytes. */
export const MAX_ITEM_SIZE_BYTES = 400 * 1024;
/** A partition key value: 2048 bytes. */
export const MAX_PARTITION_KEY_BYTES = 2048;
/** A sort key value: 1024 bytes. */
export const MAX_SORT_KEY_BYTES = 1024;
/** A GSI's key: at most this many partition (HASH) attributes, and as many sort (RANGE) attributes. */
export const MAX_GSI_KEY_ATTRIBUTES = 4;

/** BatchWriteItem: at most 25 put and delete requests in one call. */
export const MAX_BATCH_WRITE_REQUESTS = 25;
/** BatchGetItem: at most 100 keys in one call. */
export const MAX_BATCH_GET_KEYS = 100;
/** BatchGetItem: at most 16 MB of items in one response. */
export const MAX_BATCH_GET_RESPONSE_BYTES = 16 * 1024 * 1024;
/** TransactWriteItems and TransactGetItems: at most 100 actions. */
export const MAX_TRANSACTION_ITEMS = 100;
/** TransactWriteItems and TransactGetItems: at most 4 MB in one transaction. */
export const MAX_TRANSACTION_BYTES = 4 * 1024 * 1024;
/** Query and Scan read at most 1 MB per call, counted before the filter and projection. */
export const MAX_PAGE_BYTES = 1024 * 1024;

/** Table and index names: 3 to 255 characters of [a-zA-Z0-9_.-]. */
export const MIN_RESOURCE_NAME_LENGTH = 3;
export const MAX_RESOURCE_NAME_LENGTH = 255;
export const RESOURCE_NAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;
/** The pattern as DynamoDB's validation message writes it. */
export const RESOURCE_NAME_PATTERN_TEXT = '[a-zA-Z0-9_.-]+';

/** An attribute name: 1 byte to 64 KB (65,535 bytes). */
export const MAX_ATTRIBUTE_NAME_BYTES = 65535;
/** Names of key attributes and of attributes projected into an index: at most 255 characters. */
export const MAX_INDEX_ATTRIBUTE_NAME_LENGTH = 255;
