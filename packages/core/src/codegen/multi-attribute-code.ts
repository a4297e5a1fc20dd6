/**
 * Per entity and GSI with a multi-attribute key: a typed key builder (one
 * parameter per key attribute, in key order) and a query helper that takes the
 * partition attributes and, optionally, sort attributes left to right: `=` on
 * leading ones and at most one range on the last one given, as DynamoDB allows.
 */
import { isMultiAttributeIndex } from '../model/global-index.js';
import type { GlobalIndexSpec, KeyAttribute } from '../model/types.js';
import { findAttributeSpec } from './entity-info.js';
import type { EntityInfo } from './entity-info.js';
import { templateExpression, templateFields } from './key-code.js';
import type { RuntimeHelper } from './runtime-source.js';
import { storedKeyValue } from './typed-keys.js';
import { identifier, propertyAccess, propertyKey, tsLiteral } from './typescript-names.js';

/** The multi-attribute GSIs the entity writes every key attribute of. */
export function multiAttributeIndexes(info: EntityInfo): GlobalIndexSpec[] {
  return info.table.globalSecondaryIndexes.filter(
    (index) => isMultiAttributeIndex(index) && [...index.partitionKeys, ...index.sortKeys].every((key) => info.entity.keys[key.name] !== undefined),
  );
}

interface KeyParameter {
  readonly key: KeyAttribute;
  /** The parameter's name: the key attribute's, as an identifier. */
  readonly name: string;
  readonly type: string;
  /** The stored key value built from `value` (a TypeScript expression of the parameter's type). */
  stored(value: string, used: Set<RuntimeHelper>): string;
}

function keyParameter(info: EntityInfo, key: KeyAttribute): KeyParameter {
  const template = info.entity.keys[key.name]!;
  const fields = [...new Set(templateFields(template))];
  const single = fields.length === 1 && findAttributeSpec(info.entity, fields[0]!) !== undefined;
  const type = single ? `NonNullable<${info.typeName}[${tsLiteral(fields[0]!)}]>` : fields.length === 0 ? 'never' : `Pick<${info.typeName}, ${fields.map(tsLiteral).join(' | ')}>`;
  return {
    key,
    name: identifier(key.name),
    type,
    stored: (value, used) => storedKeyValue(info.table, key.name, templateExpression(template, (field) => (single ? value : propertyAccess(value, field)), used)),
  };
}

function prefixName(info: EntityInfo, index: GlobalIndexSpec): string {
  return `${info.functionPrefix}${identifier(index.name, true)}`;
}

export function multiAttributeCode(info: EntityInfo, index: GlobalIndexSpec, used: Set<RuntimeHelper>): string {
  const partition = index.partitionKeys.map((key) => keyParameter(info, key));
  const sort = index.sortKeys.map((key) => keyParameter(info, key));
  const all = [...partition, ...sort];
  const name = prefixName(info, index);
  const typeName = `${info.typeName}${identifier(index.name, true)}Sort`;
  const shape = `partition ${partition.map((each) => each.key.name).join(', ')}${sort.length > 0 ? `; sort ${sort.map((each) => each.key.name).join(', ')}` : ''}`;
  const keyBuilder = [
    `/** ${index.name}'s key attributes of a ${info.typeName} (${shape}), one argument each, in key order. */`,
    `export function ${name}Key(${all.map((each) => `${each.name}: ${each.type}`).join(', ')}): Record<string, unknown> {`,
    `  return { ${all.map((each) => `${propertyKey(each.key.name)}: ${each.stored(each.name, used)}`).join(', ')} };`,
    '}',
  ];
  // Each prefix of the sort attributes: `=` on all but its last, which may also take a range.
  const prefixes = sort.map((_, last) =>
    `{ ${sort
      .slice(0, last + 1)
      .map((each, i) => `readonly ${propertyKey(each.key.name)}: ${i === last ? `KeyRange<${each.type}>` : each.type}`)
      .join('; ')} }`,
  );
  const sortType =
    sort.length > 0
      ? [
          `/** Sort key conditions on ${index.name} for ${info.typeName}: left to right, \`=\` on leading attributes, at most one range on the last one given. */`,
          `export type ${typeName} =\n${prefixes.map((each) => `  | ${each}`).join('\n')};`,
        ]
      : [];
  const sortArgument = sort.length > 0 ? `, sort?: ${typeName}` : '';
  const sortEntries = sort.map(
    (each) => `      [${tsLiteral(each.key.name)}, given[${tsLiteral(each.key.name)}], (value: ${each.type}) => ${each.stored('value', used)}],`,
  );
  const query = [
    `/** The Query parameters (IndexName, key condition, names, values) of ${index.name} for ${info.typeName}s: every partition attribute, then sort conditions; add TableName. */`,
    `export function ${name}Query(partition: { ${partition.map((each) => `readonly ${propertyKey(each.key.name)}: ${each.type}`).join('; ')} }${sortArgument}): MultiAttributeQuery {`,
    ...(sort.length > 0 ? ['  const given: Record<string, unknown> = { ...sort };'] : []),
    '  return multiAttributeQuery(',
    `    ${tsLiteral(index.name)},`,
    `    [${partition.map((each) => `[${tsLiteral(each.key.name)}, ${each.stored(propertyAccess('partition', each.key.name), used)}]`).join(', ')}],`,
    sort.length > 0 ? `    [\n${sortEntries.join('\n')}\n    ],` : '    [],',
    '  );',
    '}',
  ];
  return [...keyBuilder, '', ...sortType, ...(sortType.length > 0 ? [''] : []), ...query].join('\n');
}

/** KeyRange, MultiAttributeQuery and the function that builds one; only for modules with a multi-attribute GSI. */
export const MULTI_ATTRIBUTE_RUNTIME = `/** A condition on one sort key attribute: a value (=), or one range. beginsWith takes the stored text's prefix (string keys). */
export type KeyRange<T> =
  | T
  | { readonly between: readonly [T, T] }
  | { readonly lt: T }
  | { readonly le: T }
  | { readonly gt: T }
  | { readonly ge: T }
  | { readonly beginsWith: string };

/** The key condition of a Query on a GSI with a multi-attribute key. */
export interface MultiAttributeQuery {
  readonly IndexName: string;
  readonly KeyConditionExpression: string;
  readonly ExpressionAttributeNames: Record<string, string>;
  readonly ExpressionAttributeValues: Record<string, unknown>;
}

const RANGE_OPERATORS: Record<string, string> = { lt: '<', le: '<=', gt: '>', ge: '>=' };

function rangeOf(value: unknown): [string, unknown] | undefined {
  if (typeof value !== 'object' || value === null || value instanceof NumberValue || value instanceof Uint8Array) return undefined;
  const entries = Object.entries(value);
  const [operator, operand] = entries.length === 1 ? entries[0]! : [];
  return operator !== undefined && (operator in RANGE_OPERATORS || operator === 'between' || operator === 'beginsWith') ? [operator, operand] : undefined;
}

function multiAttributeQuery(
  index: string,
  partition: readonly (readonly [string, unknown])[],
  sort: readonly (readonly [string, unknown, (value: never) => unknown])[],
): MultiAttributeQuery {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conditions: string[] = [];
  const placeholders = (attribute: string): [string, string] => {
    const n = conditions.length;
    names[\`#k\${n}\`] = attribute;
    return [\`#k\${n}\`, \`:k\${n}\`];
  };
  for (const [attribute, value] of partition) {
    const [name, placeholder] = placeholders(attribute);
    values[placeholder] = value;
    conditions.push(\`\${name} = \${placeholder}\`);
  }
  let stoppedAt: string | undefined;
  for (const [attribute, given, format] of sort) {
    if (given === undefined) {
      stoppedAt ??= attribute;
      continue;
    }
    if (stoppedAt !== undefined) {
      throw new KeyValueError(\`sort key attribute \${attribute} is given after \${stoppedAt}, which is missing or has a range; conditions go left to right with a range only on the last\`);
    }
    const build = format as (value: unknown) => unknown;
    const [name, placeholder] = placeholders(attribute);
    const range = rangeOf(given);
    if (range === undefined) {
      values[placeholder] = build(given);
      conditions.push(\`\${name} = \${placeholder}\`);
      continue;
    }
    stoppedAt = attribute;
    const [operator, operand] = range;
    if (operator === 'between') {
      const [low, high] = operand as readonly [unknown, unknown];
      values[placeholder] = build(low);
      values[\`\${placeholder}b\`] = build(high);
      conditions.push(\`\${name} BETWEEN \${placeholder} AND \${placeholder}b\`);
    } else if (operator === 'beginsWith') {
      values[placeholder] = operand;
      conditions.push(\`begins_with(\${name}, \${placeholder})\`);
    } else {
      values[placeholder] = build(operand);
      conditions.push(\`\${name} \${RANGE_OPERATORS[operator]!} \${placeholder}\`);
    }
  }
  return { IndexName: index, KeyConditionExpression: conditions.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}`;
