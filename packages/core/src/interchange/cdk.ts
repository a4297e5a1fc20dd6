/**
 * Model → AWS CDK (TypeScript) stack with one `dynamodb.TableV2` per table.
 * TableV2 takes provisioned write capacity only as autoscaled capacity, so a
 * fixed write figure becomes autoscaling pinned to that figure (min = max).
 */
import { isMultiAttributeIndex } from '../model/global-index.js';
import type { GlobalIndexSpec, KeyAttribute, Model, Projection, ProvisionedThroughput, TableSpec } from '../model/types.js';
import { pascalIdentifier, uniqueNames } from './identifiers.js';

const ATTRIBUTE_TYPES: Readonly<Record<KeyAttribute['type'], string>> = { S: 'STRING', N: 'NUMBER', B: 'BINARY' };

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
}

function key(attribute: KeyAttribute): string {
  return `{ name: ${quote(attribute.name)}, type: dynamodb.AttributeType.${ATTRIBUTE_TYPES[attribute.type]} }`;
}

/**
 * A GSI's key: `partitionKey`/`sortKey` for one attribute each, or, for a
 * multi-attribute key, `partitionKeys`/`sortKeys` lists (TableV2 takes one form
 * or the other per index).
 */
function globalKeyLines(index: GlobalIndexSpec): string[] {
  if (!isMultiAttributeIndex(index)) {
    return [`partitionKey: ${key(index.partitionKey)},`, ...(index.sortKey ? [`sortKey: ${key(index.sortKey)},`] : [])];
  }
  const list = (name: string, keys: readonly KeyAttribute[]): string[] => (keys.length === 0 ? [] : [`${name}: [`, ...indent(keys.map((each) => `${key(each)},`), 1), '],']);
  return [...list('partitionKeys', index.partitionKeys), ...list('sortKeys', index.sortKeys)];
}

function projectionLines(projection: Projection): string[] {
  const lines = [`projectionType: dynamodb.ProjectionType.${projection.type},`];
  if (projection.type === 'INCLUDE') lines.push(`nonKeyAttributes: [${projection.attributes.map(quote).join(', ')}],`);
  return lines;
}

function readCapacity(units: number): string {
  return `dynamodb.Capacity.fixed(${units})`;
}

function writeCapacity(units: number): string {
  return `dynamodb.Capacity.autoscaled({ minCapacity: ${units}, maxCapacity: ${units} })`;
}

function capacityLines(spec: ProvisionedThroughput | undefined): string[] {
  const read = spec?.readUnits ?? 1;
  const write = spec?.writeUnits ?? 1;
  return [`readCapacity: ${readCapacity(read)},`, `writeCapacity: ${writeCapacity(write)},`];
}

function indent(lines: readonly string[], depth: number): string[] {
  return lines.map((line) => `${'  '.repeat(depth)}${line}`);
}

function tableLines(table: TableSpec, id: string): string[] {
  const props: string[] = [`tableName: ${quote(table.name)},`, `partitionKey: ${key(table.partitionKey)},`];
  if (table.sortKey) props.push(`sortKey: ${key(table.sortKey)},`);
  if (table.billingMode === 'PROVISIONED') {
    const read = table.provisioned?.readUnits ?? 1;
    const write = table.provisioned?.writeUnits ?? 1;
    props.push(`billing: dynamodb.Billing.provisioned({`, ...indent([`readCapacity: ${readCapacity(read)},`, `writeCapacity: ${writeCapacity(write)},`], 1), `}),`);
  } else {
    props.push('billing: dynamodb.Billing.onDemand(),');
  }
  if (table.globalSecondaryIndexes.length > 0) {
    props.push('globalSecondaryIndexes: [');
    for (const index of table.globalSecondaryIndexes) {
      const body = [`indexName: ${quote(index.name)},`, ...globalKeyLines(index)];
      body.push(...projectionLines(index.projection));
      if (table.billingMode === 'PROVISIONED') body.push(...capacityLines(index.provisioned ?? table.provisioned));
      props.push(...indent(['{', ...indent(body, 1), '},'], 1));
    }
    props.push('],');
  }
  if (table.localSecondaryIndexes.length > 0) {
    props.push('localSecondaryIndexes: [');
    for (const index of table.localSecondaryIndexes) {
      const body = [`indexName: ${quote(index.name)},`, `sortKey: ${key(index.sortKey)},`, ...projectionLines(index.projection)];
      props.push(...indent(['{', ...indent(body, 1), '},'], 1));
    }
    props.push('],');
  }
  if (table.timeToLiveAttribute !== undefined) props.push(`timeToLiveAttribute: ${quote(table.timeToLiveAttribute)},`);
  if (table.tableClass !== undefined) props.push(`tableClass: dynamodb.TableClass.${table.tableClass},`);
  return [`new dynamodb.TableV2(this, ${quote(id)}, {`, ...indent(props, 1), '});'];
}

/** A TypeScript module exporting `<Model>Stack`, a CDK Stack holding the model's tables. */
export function toCdk(model: Model): string {
  const className = `${pascalIdentifier(model.name, 'Model')}Stack`;
  const ids = uniqueNames(model.tables.map((table) => `${pascalIdentifier(table.name, 'Table')}Table`));
  const body: string[] = ['super(scope, id, props);'];
  model.tables.forEach((table, i) => body.push('', ...tableLines(table, ids[i]!)));
  return [
    `// DynamoDB tables of the ${model.name.replace(/[\r\n]/g, ' ')} model, for the AWS CDK (aws-cdk-lib v2).`,
    "import { Stack } from 'aws-cdk-lib';",
    "import type { StackProps } from 'aws-cdk-lib';",
    "import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';",
    "import type { Construct } from 'constructs';",
    '',
    `export class ${className} extends Stack {`,
    '  constructor(scope: Construct, id: string, props?: StackProps) {',
    ...indent(body, 2).map((line) => (line.trim() === '' ? '' : line)),
    '  }',
    '}',
    '',
  ].join('\n');
}
