/** Model → Terraform (HCL): one `aws_dynamodb_table` resource per table. */
import { isMultiAttributeIndex } from '../model/global-index.js';
import type { GlobalIndexSpec, KeyAttribute, Model, Projection, ProvisionedThroughput, TableSpec } from '../model/types.js';
import { snakeIdentifier, uniqueNames } from './identifiers.js';
import { tableKeyAttributes } from './table-keys.js';

/** An HCL quoted string: escapes, and `${`/`%{` doubled so they stay literal. */
export function hclString(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    // A function, since `$$` in a replacement string means one `$`.
    .replace(/([$%])\{/g, (_match, sign: string) => `${sign}${sign}{`);
  return `"${escaped}"`;
}

type Entry = readonly [string, string] | { readonly block: string; readonly entries: readonly Entry[] };

function render(entries: readonly Entry[], depth: number): string[] {
  const pad = '  '.repeat(depth);
  const lines: string[] = [];
  // Aligned `=` within each run of plain arguments, as `terraform fmt` writes them.
  let run: (readonly [string, string])[] = [];
  const flush = () => {
    const width = Math.max(0, ...run.map(([name]) => name.length));
    for (const [name, value] of run) lines.push(`${pad}${name.padEnd(width)} = ${value}`);
    run = [];
  };
  for (const entry of entries) {
    if (Array.isArray(entry)) {
      run.push(entry as readonly [string, string]);
      continue;
    }
    flush();
    const block = entry as { block: string; entries: readonly Entry[] };
    lines.push('', `${pad}${block.block} {`, ...render(block.entries, depth + 1), `${pad}}`);
  }
  flush();
  return lines;
}

function projection(spec: Projection): Entry[] {
  const entries: Entry[] = [['projection_type', hclString(spec.type)]];
  if (spec.type === 'INCLUDE') entries.push(['non_key_attributes', `[${spec.attributes.map(hclString).join(', ')}]`]);
  return entries;
}

function capacity(spec: ProvisionedThroughput | undefined): Entry[] {
  return [
    ['read_capacity', String(spec?.readUnits ?? 1)],
    ['write_capacity', String(spec?.writeUnits ?? 1)],
  ];
}

function rangeKey(sortKey: KeyAttribute | undefined): Entry[] {
  return sortKey ? [['range_key', hclString(sortKey.name)]] : [];
}

/**
 * A GSI's key: `hash_key`/`range_key` for one attribute each; a multi-attribute
 * key as one `key_schema` block per attribute (HASH attributes first, in order),
 * the form the AWS provider takes for it in place of hash_key and range_key.
 */
function globalKeyEntries(index: GlobalIndexSpec): Entry[] {
  if (!isMultiAttributeIndex(index)) return [['hash_key', hclString(index.partitionKey.name)], ...rangeKey(index.sortKey)];
  const block = (attribute: KeyAttribute, keyType: 'HASH' | 'RANGE'): Entry => ({
    block: 'key_schema',
    entries: [['attribute_name', hclString(attribute.name)], ['key_type', hclString(keyType)]],
  });
  return [...index.partitionKeys.map((each) => block(each, 'HASH')), ...index.sortKeys.map((each) => block(each, 'RANGE'))];
}

function tableEntries(table: TableSpec): Entry[] {
  const provisioned = table.billingMode === 'PROVISIONED';
  const entries: Entry[] = [
    ['name', hclString(table.name)],
    ['billing_mode', hclString(table.billingMode)],
    ['hash_key', hclString(table.partitionKey.name)],
    ...rangeKey(table.sortKey),
    ...(provisioned ? capacity(table.provisioned) : []),
  ];
  if (table.tableClass !== undefined) entries.push(['table_class', hclString(table.tableClass)]);
  for (const attribute of tableKeyAttributes(table)) {
    entries.push({ block: 'attribute', entries: [['name', hclString(attribute.name)], ['type', hclString(attribute.type)]] });
  }
  for (const index of table.globalSecondaryIndexes) {
    entries.push({
      block: 'global_secondary_index',
      entries: [
        ['name', hclString(index.name)],
        ...globalKeyEntries(index).filter((entry) => Array.isArray(entry)),
        ...projection(index.projection),
        ...(provisioned ? capacity(index.provisioned ?? table.provisioned) : []),
        // key_schema blocks after the arguments, as terraform fmt orders them.
        ...globalKeyEntries(index).filter((entry) => !Array.isArray(entry)),
      ],
    });
  }
  for (const index of table.localSecondaryIndexes) {
    entries.push({
      block: 'local_secondary_index',
      entries: [['name', hclString(index.name)], ['range_key', hclString(index.sortKey.name)], ...projection(index.projection)],
    });
  }
  if (table.timeToLiveAttribute !== undefined) {
    entries.push({ block: 'ttl', entries: [['attribute_name', hclString(table.timeToLiveAttribute)], ['enabled', 'true']] });
  }
  return entries;
}

/** Resource labels by table name: `AuditLog` → `audit_log`, unique and valid HCL identifiers. */
export function terraformResourceNames(model: Model): Map<string, string> {
  const labels = uniqueNames(model.tables.map((table) => snakeIdentifier(table.name, 'table')));
  return new Map(model.tables.map((table, i) => [table.name, labels[i]!]));
}

export function toTerraform(model: Model): string {
  const labels = terraformResourceNames(model);
  const blocks = model.tables.map((table) =>
    [`resource "aws_dynamodb_table" "${labels.get(table.name)!}" {`, ...render(tableEntries(table), 1), '}'].join('\n'),
  );
  return `# DynamoDB tables of the ${model.name.replace(/[\r\n]/g, ' ')} model.\n\n${blocks.join('\n\n')}\n`;
}
