/**
 * DynamoDB's framework validation of the structures shared by CreateTable
 * and UpdateTable (key schemas, projections, throughput, streams), with the
 * member paths DynamoDB names in its messages ("keySchema.1.member.keyType").
 */
import { keySchemaText } from '../../validation/dump.js';
import {
  type ConstraintViolations,
  checkEnum,
  checkListLength,
  checkLength,
  checkNumberRange,
  checkRequired,
  checkResourceName,
} from '../../validation/constraints.js';

const ATTRIBUTE_TYPES = ['B', 'N', 'S'] as const;
const KEY_TYPES = ['HASH', 'RANGE'] as const;
const PROJECTION_TYPES = ['ALL', 'INCLUDE', 'KEYS_ONLY'] as const;
export const BILLING_MODES = ['PROVISIONED', 'PAY_PER_REQUEST'] as const;
const STREAM_VIEW_TYPES = ['NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES', 'KEYS_ONLY'] as const;
export const TABLE_CLASSES = ['STANDARD', 'STANDARD_INFREQUENT_ACCESS'] as const;
const SSE_TYPES = ['AES256', 'KMS'] as const;
/** Four partition and four sort attributes. */
const MAX_GLOBAL_INDEX_KEY_ELEMENTS = 8;

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function checkAttributeDefinitions(v: ConstraintViolations, value: unknown, path: string): void {
  if (!checkRequired(v, value, path)) return;
  asList(value).forEach((entry, i) => {
    const member = asRecord(entry) ?? {};
    const at = `${path}.${i + 1}.member`;
    if (checkRequired(v, member.AttributeName, `${at}.attributeName`)) {
      checkLength(v, member.AttributeName, `${at}.attributeName`, 1, 255);
    }
    if (checkRequired(v, member.AttributeType, `${at}.attributeType`)) {
      checkEnum(v, member.AttributeType, `${at}.attributeType`, ATTRIBUTE_TYPES);
    }
  });
}

/** A table's or LSI's key has at most 2 elements; a GSI's up to 4 HASH and 4 RANGE. */
export function checkKeySchemaMembers(v: ConstraintViolations, value: unknown, path: string, maxElements = 2): void {
  if (!checkRequired(v, value, path)) return;
  checkListLength(v, value, path, 1, maxElements, keySchemaText);
  asList(value).forEach((entry, i) => {
    const member = asRecord(entry) ?? {};
    const at = `${path}.${i + 1}.member`;
    if (checkRequired(v, member.AttributeName, `${at}.attributeName`)) {
      checkLength(v, member.AttributeName, `${at}.attributeName`, 1, 255);
    }
    if (checkRequired(v, member.KeyType, `${at}.keyType`)) checkEnum(v, member.KeyType, `${at}.keyType`, KEY_TYPES);
  });
}

export function checkThroughput(v: ConstraintViolations, value: unknown, path: string): void {
  const throughput = asRecord(value);
  if (throughput === undefined) return;
  for (const [field, name] of [
    ['WriteCapacityUnits', 'writeCapacityUnits'],
    ['ReadCapacityUnits', 'readCapacityUnits'],
  ] as const) {
    if (checkRequired(v, throughput[field], `${path}.${name}`)) checkNumberRange(v, throughput[field], `${path}.${name}`, 1);
  }
}

function checkProjection(v: ConstraintViolations, value: unknown, path: string): void {
  if (!checkRequired(v, value, path)) return;
  const projection = asRecord(value) ?? {};
  checkEnum(v, projection.ProjectionType, `${path}.projectionType`, PROJECTION_TYPES);
  checkLength(v, projection.NonKeyAttributes, `${path}.nonKeyAttributes`, 1, 20);
}

/** One LSI or GSI definition (CreateTable) or GSI Create action (UpdateTable). */
export function checkIndexDefinition(v: ConstraintViolations, value: unknown, path: string, global: boolean): void {
  const index = asRecord(value) ?? {};
  checkResourceName(v, index.IndexName, `${path}.indexName`);
  checkKeySchemaMembers(v, index.KeySchema, `${path}.keySchema`, global ? MAX_GLOBAL_INDEX_KEY_ELEMENTS : 2);
  checkProjection(v, index.Projection, `${path}.projection`);
  if (global) checkThroughput(v, index.ProvisionedThroughput, `${path}.provisionedThroughput`);
}

export function checkStreamSpecification(v: ConstraintViolations, value: unknown, path: string): void {
  const stream = asRecord(value);
  if (stream === undefined) return;
  checkRequired(v, stream.StreamEnabled, `${path}.streamEnabled`);
  checkEnum(v, stream.StreamViewType, `${path}.streamViewType`, STREAM_VIEW_TYPES);
}

export function checkSseSpecification(v: ConstraintViolations, value: unknown, path: string): void {
  const sse = asRecord(value);
  if (sse === undefined) return;
  checkEnum(v, sse.SSEType, `${path}.sSEType`, SSE_TYPES);
}

export function checkTags(v: ConstraintViolations, value: unknown, path: string): void {
  asList(value).forEach((entry, i) => {
    const tag = asRecord(entry) ?? {};
    const at = `${path}.${i + 1}.member`;
    if (checkRequired(v, tag.Key, `${at}.key`)) checkLength(v, tag.Key, `${at}.key`, 1, 128);
    if (checkRequired(v, tag.Value, `${at}.value`)) checkLength(v, tag.Value, `${at}.value`, 0, 256);
  });
}
