/** TagResource, UntagResource and ListTagsOfResource, on a table named by its ARN. */
import { DynamoError, validationError } from '@dynotable/core';
import type { EngineContext, Operation } from '../../context.js';
import { tableArn } from '../../tables/lookup.js';
import type { TableMeta } from '../../tables/meta.js';
import { checkLength, checkRequired, ConstraintViolations } from '../../validation/constraints.js';
import { asList, asRecord, checkTags } from './constraints.js';
import { checkRequestShape } from './shapes.js';

const ARN_PATTERN = /^arn:[^:]+:dynamodb:[^:]*:[^:]*:table\/([a-zA-Z0-9_.-]{3,255})$/;

function checkArn(v: ConstraintViolations, value: unknown): void {
  if (checkRequired(v, value, 'resourceArn')) checkLength(v, value, 'resourceArn', 1, 1283);
}

/**
 * The table an ARN names, with DynamoDB's messages for a malformed ARN. An
 * ARN of no table is refused as a permission: DynamoDB authorizes tagging on
 * the resource, and a resource that does not exist grants nothing.
 */
function tableOfArn(context: EngineContext, arn: string, action: string): TableMeta {
  const match = ARN_PATTERN.exec(arn);
  if (match === null) throw validationError(`Invalid TableArn: Invalid ResourceArn provided as input ${arn}`);
  const table = context.catalog.find(match[1]!);
  if (table === undefined || tableArn(context, table.name) !== arn) {
    throw new DynamoError(
      'AccessDeniedException',
      `User: arn:aws:iam::${context.accountId}:root is not authorized to perform: dynamodb:${action} on resource: ${arn}`,
    );
  }
  return table;
}

/** Sets a tag; a tag keyed `__proto__` stays an ordinary member instead of changing the prototype (and vanishing). */
export function setTag(tags: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(tags, key, { value, enumerable: true, writable: true, configurable: true });
}

export const tagResource: Operation = (context, input) => {
  checkRequestShape('TagResource', input);
  const v = new ConstraintViolations();
  checkArn(v, input.ResourceArn);
  if (checkRequired(v, input.Tags, 'tags')) checkTags(v, input.Tags, 'tags');
  v.throwIfAny();
  const table = tableOfArn(context, input.ResourceArn as string, 'TagResource');
  const tags = { ...table.tags };
  for (const entry of asList(input.Tags)) {
    const tag = asRecord(entry) ?? {};
    setTag(tags, tag.Key as string, tag.Value as string);
  }
  context.catalog.save({ ...table, tags });
  return {};
};

export const untagResource: Operation = (context, input) => {
  checkRequestShape('UntagResource', input);
  const v = new ConstraintViolations();
  checkArn(v, input.ResourceArn);
  if (checkRequired(v, input.TagKeys, 'tagKeys')) {
    asList(input.TagKeys).forEach((key, i) => checkLength(v, key, `tagKeys.${i + 1}.member`, 1, 128));
  }
  v.throwIfAny();
  const table = tableOfArn(context, input.ResourceArn as string, 'UntagResource');
  const tags = { ...table.tags };
  for (const key of asList(input.TagKeys)) delete tags[key as string];
  context.catalog.save({ ...table, tags });
  return {};
};

export const listTagsOfResource: Operation = (context, input) => {
  checkRequestShape('ListTagsOfResource', input);
  const v = new ConstraintViolations();
  checkArn(v, input.ResourceArn);
  v.throwIfAny();
  const table = tableOfArn(context, input.ResourceArn as string, 'ListTagsOfResource');
  return { Tags: Object.entries(table.tags).map(([Key, Value]) => ({ Key, Value })) };
};
