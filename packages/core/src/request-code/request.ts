/**
 * The request every code generator reads: one DynamoDB operation with its
 * parameters under DynamoDB's own names. Generators walk `requestFields`, so
 * they agree on which parameters exist, their order and their kind.
 */
import type { AttributeValue, Item } from '../values/types.js';

export const CODEGEN_OPERATIONS = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan'] as const;
export type CodegenOperation = (typeof CODEGEN_OPERATIONS)[number];

export interface CodegenParams {
  TableName: string;
  IndexName?: string;
  Key?: Item;
  Item?: Item;
  KeyConditionExpression?: string;
  UpdateExpression?: string;
  ConditionExpression?: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, AttributeValue>;
  ScanIndexForward?: boolean;
  ConsistentRead?: boolean;
  Limit?: number;
  ExclusiveStartKey?: Item;
  Select?: string;
  Segment?: number;
  TotalSegments?: number;
  ReturnValues?: string;
  ReturnConsumedCapacity?: string;
  ReturnValuesOnConditionCheckFailure?: string;
}

export interface CodegenRequest {
  operation: CodegenOperation;
  params: CodegenParams;
}

/** How a parameter is written: each kind maps to one literal form per language. */
export type FieldKind = 'string' | 'enum' | 'boolean' | 'integer' | 'names' | 'values';

export type RequestField =
  | { name: keyof CodegenParams; kind: 'string' | 'enum'; value: string }
  | { name: keyof CodegenParams; kind: 'boolean'; value: boolean }
  | { name: keyof CodegenParams; kind: 'integer'; value: number }
  | { name: keyof CodegenParams; kind: 'names'; value: Record<string, string> }
  | { name: keyof CodegenParams; kind: 'values'; value: Record<string, AttributeValue> };

/** Parameter order in generated code: what is read, then how, then paging and extras. */
const FIELD_KINDS: ReadonlyArray<readonly [keyof CodegenParams, FieldKind]> = [
  ['TableName', 'string'],
  ['IndexName', 'string'],
  ['Key', 'values'],
  ['Item', 'values'],
  ['KeyConditionExpression', 'string'],
  ['UpdateExpression', 'string'],
  ['ConditionExpression', 'string'],
  ['FilterExpression', 'string'],
  ['ProjectionExpression', 'string'],
  ['ExpressionAttributeNames', 'names'],
  ['ExpressionAttributeValues', 'values'],
  ['ScanIndexForward', 'boolean'],
  ['ConsistentRead', 'boolean'],
  ['Limit', 'integer'],
  ['ExclusiveStartKey', 'values'],
  ['Select', 'enum'],
  ['Segment', 'integer'],
  ['TotalSegments', 'integer'],
  ['ReturnValues', 'enum'],
  ['ReturnConsumedCapacity', 'enum'],
  ['ReturnValuesOnConditionCheckFailure', 'enum'],
];

/**
 * The parameters that are set, in generation order, each tagged with its kind.
 * Integers must fit DynamoDB's 32-bit fields, or no target could write them.
 */
export function requestFields(params: CodegenParams): RequestField[] {
  const fields: RequestField[] = [];
  for (const [name, kind] of FIELD_KINDS) {
    const value = params[name];
    if (value === undefined) continue;
    if (kind === 'integer' && !(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2 ** 31 - 1)) {
      throw new RangeError(`${name} must be an integer from 0 to 2147483647, not ${String(value)}`);
    }
    fields.push({ name, kind, value } as RequestField);
  }
  return fields;
}

/** `UpdateItem` → `updateItem`. */
export function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** `UpdateItem` → `update_item` (boto3) or `update-item` (AWS CLI). */
export function splitWords(name: string, separator: '_' | '-'): string {
  return name.replace(/(?<=[a-z0-9])([A-Z])/g, `${separator}$1`).toLowerCase();
}

/** Whether any attribute map of the request holds binary, which some targets must prepare for. */
export function requestHasBinary(params: CodegenParams): boolean {
  const hasBinary = (value: AttributeValue): boolean =>
    'B' in value ||
    'BS' in value ||
    ('M' in value && Object.values(value.M).some(hasBinary)) ||
    ('L' in value && value.L.some(hasBinary));
  return requestFields(params).some((field) => field.kind === 'values' && Object.values(field.value).some(hasBinary));
}
