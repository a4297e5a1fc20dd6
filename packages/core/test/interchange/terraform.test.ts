import { describe, expect, it } from 'vitest';
import { hclString } from '../../src/interchange/terraform.js';
import { toTerraform } from '../../src/interchange/index.js';
import type { Model } from '../../src/model/types.js';
import { EXAMPLE_NAMES, INVENTORY, loadExample } from './fixtures.js';

/** A block of the HCL subset the export writes: `type "label"... { name = value ... nested { } }`. */
interface HclBlock {
  type: string;
  labels: string[];
  arguments: Record<string, unknown>;
  blocks: HclBlock[];
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

function readValue(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+$/.test(text)) return Number(text);
  if (text.startsWith('"')) return JSON.parse(text.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{'));
  if (text.startsWith('[')) return JSON.parse(text.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{'));
  throw new Error(`unexpected HCL value ${text}`);
}

/** Reads the export's HCL: one block or argument per line, comments and blank lines skipped. */
function readHcl(text: string): HclBlock[] {
  const root: HclBlock = { type: '', labels: [], arguments: {}, blocks: [] };
  const stack = [root];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const top = stack[stack.length - 1]!;
    if (line === '}') {
      expect(stack.length).toBeGreaterThan(1);
      stack.pop();
      continue;
    }
    const open = /^([A-Za-z_][A-Za-z0-9_]*)((?:\s+"[^"]*")*)\s*\{$/.exec(line);
    if (open) {
      const block: HclBlock = { type: open[1]!, labels: [...open[2]!.matchAll(/"([^"]*)"/g)].map((match) => match[1]!), arguments: {}, blocks: [] };
      top.blocks.push(block);
      stack.push(block);
      continue;
    }
    const argument = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.+)$/.exec(line);
    if (!argument) throw new Error(`not HCL the reader knows: ${line}`);
    expect(top.arguments).not.toHaveProperty(argument[1]!);
    top.arguments[argument[1]!] = readValue(argument[2]!);
  }
  expect(stack).toHaveLength(1);
  return root.blocks;
}

const MODELS: [string, () => Model][] = [...EXAMPLE_NAMES.map((name): [string, () => Model] => [name, () => loadExample(name)]), ['inventory (inline)', () => INVENTORY]];

describe('Terraform export', () => {
  for (const [name, load] of MODELS) {
    it(`${name}: one aws_dynamodb_table per table with the model's keys, indexes and TTL`, () => {
      const model = load();
      const resources = readHcl(toTerraform(model));
      expect(resources.map((block) => [block.type, block.labels[0]])).toEqual(model.tables.map(() => ['resource', 'aws_dynamodb_table']));
      const labels = resources.map((block) => block.labels[1]!);
      for (const label of labels) expect(label).toMatch(IDENTIFIER);
      expect(new Set(labels).size).toBe(labels.length);
      for (const [i, table] of model.tables.entries()) {
        const resource = resources[i]!;
        expect(resource.arguments).toMatchObject({ name: table.name, billing_mode: table.billingMode, hash_key: table.partitionKey.name });
        expect(resource.arguments['range_key']).toBe(table.sortKey?.name);
        const attributes = resource.blocks.filter((block) => block.type === 'attribute').map((block) => block.arguments);
        const keyNames = new Set([table.partitionKey.name, table.sortKey?.name, ...table.globalSecondaryIndexes.flatMap((index) => [index.partitionKey.name, index.sortKey?.name]), ...table.localSecondaryIndexes.map((index) => index.sortKey.name)].filter((n) => n !== undefined));
        expect(attributes.map((attribute) => attribute['name'])).toEqual([...keyNames]);
        const gsis = resource.blocks.filter((block) => block.type === 'global_secondary_index').map((block) => block.arguments);
        expect(gsis.map((gsi) => [gsi['name'], gsi['hash_key'], gsi['range_key'], gsi['projection_type']])).toEqual(
          table.globalSecondaryIndexes.map((index) => [index.name, index.partitionKey.name, index.sortKey?.name, index.projection.type]),
        );
        const ttl = resource.blocks.filter((block) => block.type === 'ttl');
        expect(ttl.map((block) => block.arguments)).toEqual(table.timeToLiveAttribute === undefined ? [] : [{ attribute_name: table.timeToLiveAttribute, enabled: true }]);
      }
    });
  }

  it('writes capacity on the table and each GSI when provisioned, LSIs, projections and the table class', () => {
    const [inventory, blobs] = readHcl(toTerraform(INVENTORY));
    expect(inventory!.labels).toEqual(['aws_dynamodb_table', 'inventory']);
    expect(blobs!.labels).toEqual(['aws_dynamodb_table', 'audit_events_2026']);
    expect(inventory!.arguments).toMatchObject({ read_capacity: 7, write_capacity: 3, table_class: 'STANDARD_INFREQUENT_ACCESS' });
    expect(blobs!.arguments).not.toHaveProperty('read_capacity');
    const gsis = inventory!.blocks.filter((block) => block.type === 'global_secondary_index').map((block) => block.arguments);
    expect(gsis[0]).toEqual({ name: 'byWarehouse', hash_key: 'warehouse', range_key: 'quantity', projection_type: 'INCLUDE', non_key_attributes: ['title', 'price'], read_capacity: 4, write_capacity: 2 });
    expect(gsis[1]).toEqual({ name: 'bySku', hash_key: 'sku', projection_type: 'KEYS_ONLY', read_capacity: 5, write_capacity: 1 });
    expect(inventory!.blocks.filter((block) => block.type === 'local_secondary_index').map((block) => block.arguments)).toEqual([
      { name: 'byUpdated', range_key: 'updatedAt', projection_type: 'ALL' },
    ]);
    expect(blobs!.blocks.find((block) => block.type === 'attribute')!.arguments).toEqual({ name: 'id', type: 'B' });
  });

  it('keeps names literal: quotes, backslashes and template sequences are escaped', () => {
    expect(hclString('a"b\\c${x}%{y}')).toBe('"a\\"b\\\\c$${x}%%{y}"');
    const model: Model = { ...INVENTORY, tables: [{ ...INVENTORY.tables[1]!, name: '9lives', partitionKey: { name: 'we"ird${x}', type: 'S' } }] };
    const [resource] = readHcl(toTerraform(model));
    expect(resource!.labels[1]).toMatch(IDENTIFIER);
    expect(resource!.arguments['hash_key']).toBe('we"ird${x}');
  });
});
