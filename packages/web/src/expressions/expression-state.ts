/**
 * The expression builder's state: the operation, the connection and table, the key, and the
 * friendly text of each expression kind. It lives in the URL query string,
 * one short parameter per field that differs from the example, so a link
 * opens the same request. A multi-attribute GSI's later key attributes are
 * repeated parameters, `pkx=N:priority`: the type, a colon, then the name
 * (which may hold anything, a colon too).
 */
import { MAX_GSI_KEY_ATTRIBUTES, type KeyType } from '@dynotable/core';

export const OPERATIONS = ['Query', 'Scan', 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] as const;
export type Operation = (typeof OPERATIONS)[number];
export const KEY_TYPES: readonly KeyType[] = ['S', 'N', 'B'];

export interface ExpressionState {
  readonly operation: Operation;
  /** The connection Run reads from and whose tables are listed; empty for the embedded engine (or the first). */
  readonly connection: string;
  readonly table: string;
  /** Query and Scan only; empty for the table itself. */
  readonly index: string;
  readonly partitionKey: string;
  readonly partitionType: KeyType;
  readonly partitionValue: string;
  readonly sortKey: string;
  readonly sortType: KeyType;
  readonly sortValue: string;
  /** Query on a multi-attribute GSI: the partition and sort key attributes after the first, in key order. */
  readonly extraPartitionKeys: readonly ExtraKey[];
  readonly extraSortKeys: readonly ExtraKey[];
  /** Friendly text of each expression kind. */
  readonly key: string;
  readonly filter: string;
  readonly condition: string;
  readonly projection: string;
  readonly update: string;
  /** PutItem's item, as plain JSON or DynamoDB JSON. */
  readonly item: string;
}

export interface ExtraKey {
  readonly name: string;
  readonly type: KeyType;
}

type ListField = 'extraPartitionKeys' | 'extraSortKeys';
type StateField = Exclude<keyof ExpressionState, ListField>;

/** The example the page opens with: the ticket desk's open tickets of team 7. */
export const DEFAULT_EXPRESSION_STATE: ExpressionState = {
  operation: 'Query',
  connection: '',
  table: 'TicketDesk',
  index: 'GSI1',
  partitionKey: 'GSI1PK',
  partitionType: 'S',
  partitionValue: 'TEAM#7',
  sortKey: 'GSI1SK',
  sortType: 'S',
  sortValue: 'STATUS#open#TICKET#8842',
  extraPartitionKeys: [],
  extraSortKeys: [],
  key: 'GSI1PK = "TEAM#7" AND begins_with(GSI1SK, "STATUS#open")',
  filter: 'priority <= 2 AND attribute_exists(title)',
  condition: 'attribute_exists(PK) AND status <> "closed"',
  projection: 'ticketId, status, title, priority',
  update: 'SET status = "pending", priority = priority + 1 REMOVE GSI2PK, GSI2SK',
  item: '{\n  "PK": "TICKET#9300",\n  "SK": "TICKET",\n  "ticketId": "9300",\n  "status": "open",\n  "priority": 2\n}',
};

/** URL parameter of each field. */
const STATE_PARAMS: Readonly<Record<StateField, string>> = {
  operation: 'op',
  connection: 'conn',
  table: 'table',
  index: 'index',
  partitionKey: 'pk',
  partitionType: 'pkt',
  partitionValue: 'pkv',
  sortKey: 'sk',
  sortType: 'skt',
  sortValue: 'skv',
  key: 'key',
  filter: 'filter',
  condition: 'cond',
  projection: 'proj',
  update: 'update',
  item: 'item',
};

const FIELDS = Object.keys(STATE_PARAMS) as StateField[];
/** The repeated parameter of each list; at most the attributes a GSI key may have after the first. */
const LIST_PARAMS: Readonly<Record<ListField, string>> = { extraPartitionKeys: 'pkx', extraSortKeys: 'skx' };
const LISTS = Object.keys(LIST_PARAMS) as ListField[];
const MAX_EXTRA_KEYS = MAX_GSI_KEY_ATTRIBUTES - 1;
/** Enough for any expression DynamoDB accepts (4 KB) written out in friendly text, and a modest item. */
const MAX_FIELD_LENGTH = 16_384;

function isOperation(text: string): text is Operation {
  return (OPERATIONS as readonly string[]).includes(text);
}

function isKeyType(text: string): text is KeyType {
  return (KEY_TYPES as readonly string[]).includes(text);
}

/** The state a query string describes; what it does not say (or says wrongly) is the example's. */
export function stateFromSearch(search: string): ExpressionState {
  const params = new URLSearchParams(search);
  const state: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = params.get(STATE_PARAMS[field]);
    state[field] = DEFAULT_EXPRESSION_STATE[field];
    if (value === null) continue;
    if (field === 'operation' && !isOperation(value)) continue;
    if ((field === 'partitionType' || field === 'sortType') && !isKeyType(value)) continue;
    state[field] = value.slice(0, MAX_FIELD_LENGTH);
  }
  const list = (field: ListField) => params.getAll(LIST_PARAMS[field]).flatMap(extraKeyFrom).slice(0, MAX_EXTRA_KEYS);
  return { ...(state as Omit<ExpressionState, ListField>), extraPartitionKeys: list('extraPartitionKeys'), extraSortKeys: list('extraSortKeys') };
}

/** `N:priority` → { name: 'priority', type: 'N' }; nothing for a parameter that is not one. */
function extraKeyFrom(text: string): ExtraKey[] {
  const type = text.slice(0, 1);
  if (text.charAt(1) !== ':' || !isKeyType(type)) return [];
  return [{ name: text.slice(2, 2 + MAX_FIELD_LENGTH), type }];
}

/** The query string for a state: the fields that differ from the example, other parameters kept. */
export function searchFromState(state: ExpressionState, search = ''): string {
  const params = new URLSearchParams(search);
  for (const field of FIELDS) {
    if (state[field] === DEFAULT_EXPRESSION_STATE[field]) params.delete(STATE_PARAMS[field]);
    else params.set(STATE_PARAMS[field], state[field]);
  }
  for (const list of LISTS) {
    params.delete(LIST_PARAMS[list]);
    for (const key of state[list]) params.append(LIST_PARAMS[list], `${key.type}:${key.name}`);
  }
  return params.toString();
}
