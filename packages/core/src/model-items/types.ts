/** The shapes the model-aware item tools take and give. */
import type { EntitySpec, TableSpec } from '../model/types.js';

/** A key attribute's value: the S and N shapes are the same on the wire and in core's Item. */
export type KeyValueLike = { S: string } | { N: string } | Record<string, unknown>;

/** An item as the caller holds it: core's Item, the wire's JSON, or plain values. */
export type AnyItem = Readonly<Record<string, unknown>>;

export interface EntityMatch {
  readonly entity: EntitySpec;
  readonly table: TableSpec;
  /** Fields read from the base key (partition and sort key) templates, as text. */
  readonly fields: Record<string, string>;
}

export interface DerivedMismatch {
  /** The key attribute, e.g. GSI1SK. */
  readonly attribute: string;
  /** The text stored now (S or N); undefined when absent. */
  readonly stored: string | undefined;
  /** The text the model's template gives; undefined when the model says the attribute must be absent. */
  readonly expected: string | undefined;
  /** One sentence for people: "GSI1SK is STATUS#open#TICKET#8842; the model says STATUS#pending#TICKET#8842". */
  readonly message: string;
}

export interface ItemCheck {
  /** The entity recognised, undefined for an item of no known entity. */
  readonly entity: string | undefined;
  readonly mismatches: DerivedMismatch[];
  /** Source values that do not fit their template (no expected value can be built from them). */
  readonly problems: string[];
}

export interface RecomputedAttribute {
  readonly attribute: string;
  readonly before: string | undefined;
  readonly after: string | undefined;
}

export interface DerivedEdit {
  /** The item with every derived attribute recomputed: set, changed or removed (sparse). */
  readonly item: Record<string, unknown>;
  /** The entity recognised; undefined when the item is of no known entity (it is returned unchanged). */
  readonly entity: string | undefined;
  /** Only the attributes that changed against the edited input. */
  readonly recomputed: RecomputedAttribute[];
  /** Source values that do not fit their template; those attributes are left as typed. */
  readonly problems: string[];
  /** The item's base key (partition or sort key) differs from the loaded item's: the write is a move, a delete and a put in one transaction. */
  readonly movesItem: boolean;
}
