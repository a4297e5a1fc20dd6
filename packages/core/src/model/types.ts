/**
 * The model: tables, entities, key templates, access patterns and write paths,
 * in the normalised form every tool reads (designer, linter, cost, interchange,
 * query builder, verify). The file a user writes (YAML or JSON) allows
 * shorthands; `parseModel` turns it into this form with every default filled.
 */

import type { KeyType } from '../values/types.js';

export type { KeyType };

export interface KeyAttribute {
  readonly name: string;
  readonly type: KeyType;
}

export type Projection =
  | { readonly type: 'ALL' }
  | { readonly type: 'KEYS_ONLY' }
  | { readonly type: 'INCLUDE'; readonly attributes: readonly string[] };

/**
 * A GSI's key may have up to MAX_GSI_KEY_ATTRIBUTES partition attributes and as
 * many sort attributes, each with its own type. `partitionKey` and `sortKey` are
 * the first of each list, for code that reads one key attribute.
 */
export interface GlobalIndexSpec {
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /** Every partition key attribute, in order (1 to 4); the first is `partitionKey`. */
  readonly partitionKeys: readonly KeyAttribute[];
  /** Every sort key attribute, in order (0 to 4); the first is `sortKey`. */
  readonly sortKeys: readonly KeyAttribute[];
  readonly projection: Projection;
  /** Only for PROVISIONED tables. */
  readonly provisioned?: ProvisionedThroughput;
}

/** An LSI shares the table's partition key. */
export interface LocalIndexSpec {
  readonly name: string;
  readonly sortKey: KeyAttribute;
  readonly projection: Projection;
}

export interface ProvisionedThroughput {
  readonly readUnits: number;
  readonly writeUnits: number;
}

export type BillingMode = 'PAY_PER_REQUEST' | 'PROVISIONED';

export interface TableSpec {
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly billingMode: BillingMode;
  readonly provisioned?: ProvisionedThroughput;
  readonly globalSecondaryIndexes: readonly GlobalIndexSpec[];
  readonly localSecondaryIndexes: readonly LocalIndexSpec[];
  readonly timeToLiveAttribute?: string;
  readonly tableClass?: 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS';
}

/**
 * Declared attribute types. `timestamp` and `date` are stored as strings in the
 * declared `format`; `uuid` is a string with no useful order; `enum` is a string
 * from `values`.
 */
export type DeclaredType =
  | 'string'
  | 'number'
  | 'binary'
  | 'boolean'
  | 'timestamp'
  | 'date'
  | 'uuid'
  | 'enum'
  | 'list'
  | 'map'
  | 'stringSet'
  | 'numberSet'
  | 'binarySet';

export interface AttributeSpec {
  readonly name: string;
  readonly type: DeclaredType;
  /**
   * How the value is written. timestamp: 'iso8601' (default), 'epoch-seconds',
   * 'epoch-millis', or a pattern such as 'M/D/YYYY' (not sortable as text).
   * date: 'YYYY-MM-DD' (default) or a pattern. number: 'number' (default, an N)
   * or 'string' (the digits stored as an S).
   */
  readonly format?: string;
  /** Changes after the item is created. Default false. */
  readonly mutable: boolean;
  /** No two items of the entity share a value. Default false. */
  readonly unique: boolean;
  /** Present on every item. Default true. */
  readonly required: boolean;
  /** Numbers: the expected range, inclusive. */
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  /** Strings: characters; binary: bytes. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Expected number of distinct values across the entity's items. */
  readonly cardinality?: number;
  /** enum: the allowed values. */
  readonly values?: readonly string[];
  readonly examples?: readonly string[];
  /** Average stored size in bytes of the value, where the type alone cannot tell (list, map, sets). */
  readonly averageBytes?: number;
  readonly description?: string;
}

export interface EntitySpec {
  /** Singular, as people say it: Player, Match, Ticket, Event. */
  readonly name: string;
  /** Defaults to name + 's' (with the usual English rules). */
  readonly plural: string;
  readonly table: string;
  readonly description?: string;
  readonly attributes: readonly AttributeSpec[];
  /**
   * Key templates by key attribute name, for the table and every index the
   * entity appears in: { PK: 'PLAYER#{playerId}', SK: 'PROFILE',
   * GSI1PK: 'SEASON#{season}', GSI1SK: 'RATING#{rating:05}' }. Template syntax
   * is core's `compileKeyTemplate`. Empty when the designer is to choose.
   */
  readonly keys: Readonly<Record<string, string>>;
  /**
   * Sparse index keys: a key attribute is written only while the item's
   * attributes have these values: { GSI2PK: { status: 'open' } }.
   */
  readonly keysWhen: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Expected number of items. */
  readonly count?: number;
  /**
   * Average stored size of one item in bytes, names and values together, when
   * known better than the declared attributes tell (the cost model pads the
   * estimated item up to it).
   */
  readonly averageItemBytes?: number;
  /** Which of count and averageItemBytes are assumptions, not a person's figures. */
  readonly assumed?: readonly EntityAssumedField[];
}

/** The cost inputs a model marks as assumed, per kind of thing. */
export type EntityAssumedField = 'count' | 'averageItemBytes';
export type PatternAssumedField = 'rate' | 'expectedItems';
export type WritePathAssumedField = 'rate';

export interface AccessPatternSpec {
  /** An identifier: getPlayerById, listMatchesByPlayer. */
  readonly name: string;
  /** The question in words: "list matches by player, newest first". */
  readonly question: string;
  /** The expected order in words when the question does not say it. */
  readonly order?: string;
  /** Calls per second. */
  readonly rate?: number;
  readonly consistentRead?: boolean;
  /** Items the caller reads per call, when a list; for cost. */
  readonly expectedItems?: number;
  /** Which of rate and expectedItems are assumptions, not a person's figures. */
  readonly assumed?: readonly PatternAssumedField[];
}

export type WriteKind = 'create' | 'update' | 'delete';

export interface WritePathSpec {
  readonly name: string;
  readonly entity: string;
  readonly kind: WriteKind;
  /** update: the attributes it changes. */
  readonly attributes: readonly string[];
  /** Calls per second. */
  readonly rate?: number;
  readonly description?: string;
  /** ['rate'] when the rate is an assumption, not a person's figure. */
  readonly assumed?: readonly WritePathAssumedField[];
}

export interface Model {
  readonly name: string;
  readonly description?: string;
  readonly tables: readonly TableSpec[];
  readonly entities: readonly EntitySpec[];
  readonly accessPatterns: readonly AccessPatternSpec[];
  readonly writePaths: readonly WritePathSpec[];
}

/** What the access-pattern grammar read from a question, resolved against a model's names. */
export interface PatternMeaning {
  /** get: one item by a unique set of attributes; list: a sequence of items. */
  readonly kind: 'get' | 'list';
  /** The entity's name in the model (Player), or the singular word when no model was given. */
  readonly entity: string;
  /** Attributes the caller supplies for equality, in the order written: "by team" → ['team']. */
  readonly equals: readonly string[];
  /** Constant conditions: "open tickets", "where status is open". */
  readonly where: readonly { readonly attribute: string; readonly value: string }[];
  /** An attribute bounded by a range the caller supplies: "between two times". */
  readonly between?: string;
  /** The attribute the result is ordered by. */
  readonly orderBy?: string;
  readonly direction: 'ascending' | 'descending';
  /** "top 10" */
  readonly limit?: number;
  /** One line on how the words were read, for people: "list Ticket where team = ?, ordered by priority ascending". */
  readonly reading: string;
}

/** How one key attribute is constrained in a key condition. */
export interface KeyPartPlan {
  /** The key attribute (PK, GSI1SK, ...). */
  readonly attribute: string;
  /** Its template for this entity. */
  readonly template: string;
}

export type SortConditionPlan =
  | (KeyPartPlan & { readonly operator: 'equals' })
  /** begins_with on the template's text up to the first field the caller does not supply. */
  | (KeyPartPlan & { readonly operator: 'beginsWith' })
  /** BETWEEN the template built with the range start and with the range end of `rangeAttribute`. */
  | (KeyPartPlan & { readonly operator: 'between'; readonly rangeAttribute: string });

/** The one operation that answers an access pattern. */
export interface PatternPlan {
  readonly pattern: string;
  readonly entity: string;
  readonly operation: 'GetItem' | 'Query' | 'Scan';
  readonly table: string;
  /** Absent for the base table. */
  readonly index?: string;
  readonly partition?: KeyPartPlan;
  /**
   * A GSI with several partition key attributes: every one with its template,
   * in key order (the first is `partition`); each is matched with `=`.
   */
  readonly partitionKeys?: readonly KeyPartPlan[];
  /**
   * A GSI with several sort key attributes: the leading ones matched with `=`,
   * in key order, before `sort` (the condition on the last attribute used).
   */
  readonly sortEquals?: readonly KeyPartPlan[];
  readonly sort?: SortConditionPlan;
  /** Query only: false for descending. */
  readonly scanIndexForward?: boolean;
  readonly limit?: number;
  readonly consistentRead?: boolean;
  /** Conditions the keys cannot express, left to a FilterExpression (the linter flags these). */
  readonly filter?: readonly { readonly attribute: string; readonly value: string }[];
  /** Names of the arguments the caller passes, in order: ['team'], ['actor', 'from', 'to']. */
  readonly parameters: readonly string[];
  /** One sentence on why this operation answers the question. */
  readonly why: string;
}

export interface DesignDecision {
  /** What the decision is about: 'Ticket GSI1SK', 'index GSI2', 'pattern listOpenTickets'. */
  readonly subject: string;
  readonly decision: string;
  /** One sentence. */
  readonly why: string;
}
