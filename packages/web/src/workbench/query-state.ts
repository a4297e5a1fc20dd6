/** What one pane asks for: the query panel's whole state, plain data (it round-trips through the URL). */

export type ReadMode = 'query' | 'scan';

/** How a typed value is written: the three key types plus the other scalar types and a raw friendly literal. */
export type ValueType = 'S' | 'N' | 'B' | 'BOOL' | 'NULL' | 'literal';

export const SORT_OPERATORS = ['=', '<', '<=', '>', '>=', 'BETWEEN', 'begins_with'] as const;
export type SortOperator = (typeof SORT_OPERATORS)[number];

export const COMPARATORS = ['=', '<>', '<', '<=', '>', '>='] as const;
export type Comparator = (typeof COMPARATORS)[number];

export const FILTER_OPERATORS = [
  ...COMPARATORS,
  'BETWEEN',
  'IN',
  'begins_with',
  'contains',
  'attribute_exists',
  'attribute_not_exists',
  'attribute_type',
  'size',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const ATTRIBUTE_TYPE_NAMES = ['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS'] as const;

export interface FilterRow {
  /** How this row joins the rows before it (ignored on the first row). AND binds tighter than OR, as in DynamoDB. */
  readonly join: 'AND' | 'OR';
  readonly not: boolean;
  /** A document path as typed: `address.city`, `tags[0]`, `` `odd name`.x ``. */
  readonly path: string;
  readonly operator: FilterOperator;
  /** For `size`: how the size compares with the value. */
  readonly sizeComparator: Comparator;
  readonly valueType: ValueType;
  /** The value; for IN, values separated by commas; for attribute_type, a type descriptor. */
  readonly value: string;
  /** The upper bound of BETWEEN. */
  readonly value2: string;
}

export interface QueryState {
  readonly mode: ReadMode;
  /** undefined: the table itself. */
  readonly indexName: string | undefined;
  /** 'fields': partition/sort inputs; 'text': friendly key condition typed by hand. */
  readonly keyMode: 'fields' | 'text';
  /** The value of the (first) partition key attribute. */
  readonly partitionValue: string;
  /** On a multi-attribute GSI: the values of its second, third and fourth partition key attributes. */
  readonly extraPartitionValues: readonly string[];
  readonly sortOperator: SortOperator | 'none';
  /** The value of the (first) sort key attribute; BETWEEN's lower bound when it is the last one given. */
  readonly sortValue: string;
  /**
   * On a multi-attribute GSI: the values of its second, third and fourth sort
   * key attributes. The operator applies to the last one given, the ones
   * before it are matched with =.
   */
  readonly extraSortValues: readonly string[];
  /** BETWEEN's upper bound, for the last sort key attribute given. */
  readonly sortValue2: string;
  readonly keyText: string;
  /** With the typed key condition: its `#name` placeholders as JSON ({"#pk": "PK"}); empty for none. */
  readonly placeholderNames: string;
  /** With the typed key condition: its `:value` placeholders as DynamoDB JSON ({":pk": {"S": "A"}}); empty for none. */
  readonly placeholderValues: string;
  readonly forward: boolean;
  readonly filterMode: 'builder' | 'text';
  readonly filterRows: readonly FilterRow[];
  readonly filterText: string;
  readonly projection: string;
  /** As typed; empty for no Limit. */
  readonly limit: string;
  readonly consistentRead: boolean;
  /** Parallel scan; empty for none. */
  readonly segment: string;
  readonly totalSegments: string;
  /** The linked model's access pattern this pane was opened for; empty for none. */
  readonly pattern: string;
}

export const DEFAULT_QUERY_STATE: QueryState = {
  mode: 'scan',
  indexName: undefined,
  keyMode: 'fields',
  partitionValue: '',
  extraPartitionValues: [],
  sortOperator: 'none',
  sortValue: '',
  extraSortValues: [],
  sortValue2: '',
  keyText: '',
  placeholderNames: '',
  placeholderValues: '',
  forward: true,
  filterMode: 'builder',
  filterRows: [],
  filterText: '',
  projection: '',
  limit: '100',
  consistentRead: false,
  segment: '',
  totalSegments: '',
  pattern: '',
};

export const EMPTY_FILTER_ROW: FilterRow = {
  join: 'AND',
  not: false,
  path: '',
  operator: '=',
  sizeComparator: '>',
  valueType: 'S',
  value: '',
  value2: '',
};

/** Operators that take no value, one value, or two. */
export function operandCount(operator: FilterOperator): 0 | 1 | 2 {
  if (operator === 'attribute_exists' || operator === 'attribute_not_exists') return 0;
  if (operator === 'BETWEEN') return 2;
  return 1;
}
