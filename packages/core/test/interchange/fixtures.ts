/** Models for the interchange tests: the three examples and an inline model with what they lack. */
import { readFileSync } from 'node:fs';
import { compileKeyTemplate } from '../../src/keys/template.js';
import { parseModel } from '../../src/model/index.js';
import type { AttributeSpec, EntitySpec, Model } from '../../src/model/types.js';
import type { AttributeValue, Item } from '../../src/values/types.js';

export const EXAMPLE_NAMES = ['leaderboard', 'audit-log', 'ticket-desk'] as const;

export function loadExample(name: (typeof EXAMPLE_NAMES)[number]): Model {
  const url = new URL(`../../../../examples/${name}.yaml`, import.meta.url);
  return parseModel(readFileSync(url, 'utf8'), `${name}.yaml`);
}

const attribute = (name: string, type: AttributeSpec['type'], extra: Partial<AttributeSpec> = {}): AttributeSpec => ({
  name,
  type,
  mutable: false,
  unique: false,
  required: true,
  ...extra,
});

/** Provisioned billing, an LSI, an INCLUDE projection, a number key, TTL and a table class: what the examples do not show. */
export const INVENTORY: Model = {
  name: 'inventory',
  tables: [
    {
      name: 'Inventory',
      partitionKey: { name: 'pk', type: 'S' },
      sortKey: { name: 'sk', type: 'S' },
      billingMode: 'PROVISIONED',
      provisioned: { readUnits: 7, writeUnits: 3 },
      globalSecondaryIndexes: [
        {
          name: 'byWarehouse',
          partitionKey: { name: 'warehouse', type: 'S' },
          sortKey: { name: 'quantity', type: 'N' },
          partitionKeys: [{ name: 'warehouse', type: 'S' }],
          sortKeys: [{ name: 'quantity', type: 'N' }],
          projection: { type: 'INCLUDE', attributes: ['title', 'price'] },
          provisioned: { readUnits: 4, writeUnits: 2 },
        },
        { name: 'bySku', partitionKey: { name: 'sku', type: 'S' }, partitionKeys: [{ name: 'sku', type: 'S' }], sortKeys: [], projection: { type: 'KEYS_ONLY' }, provisioned: { readUnits: 5, writeUnits: 1 } },
      ],
      localSecondaryIndexes: [{ name: 'byUpdated', sortKey: { name: 'updatedAt', type: 'S' }, projection: { type: 'ALL' } }],
      timeToLiveAttribute: 'expiresAt',
      tableClass: 'STANDARD_INFREQUENT_ACCESS',
    },
    {
      name: 'audit.events-2026',
      partitionKey: { name: 'id', type: 'B' },
      billingMode: 'PAY_PER_REQUEST',
      globalSecondaryIndexes: [],
      localSecondaryIndexes: [],
    },
  ],
  entities: [
    {
      name: 'Product',
      plural: 'Products',
      table: 'Inventory',
      attributes: [
        attribute('sku', 'string'),
        attribute('warehouse', 'string'),
        attribute('quantity', 'number', { integer: true }),
        attribute('title', 'string'),
        attribute('price', 'number', { min: 2, max: 90 }),
        attribute('tags', 'stringSet', { required: false }),
        attribute('sizes', 'numberSet', { required: false }),
        attribute('thumbnails', 'binarySet', { required: false }),
        attribute('dimensions', 'map'),
        attribute('history', 'list'),
        attribute('active', 'boolean'),
        attribute('updatedAt', 'timestamp'),
        attribute('expiresAt', 'timestamp', { format: 'epoch-seconds' }),
        attribute('legacyCode', 'number', { format: 'string' }),
      ],
      keys: { pk: 'PRODUCT#{sku}', sk: 'WAREHOUSE#{warehouse}', warehouse: '{warehouse}', quantity: '{quantity}', sku: '{sku}', updatedAt: '{updatedAt}' },
      keysWhen: {},
    },
    {
      name: 'Blob',
      plural: 'Blobs',
      table: 'audit.events-2026',
      attributes: [attribute('id', 'binary'), attribute('size', 'number')],
      // A binary key is written as is: no template.
      keys: {},
      keysWhen: {},
    },
  ],
  accessPatterns: [],
  writePaths: [],
};

function sampleValue(spec: AttributeSpec, i: number): { plain: string | number; value: AttributeValue } | undefined {
  const pick = <T>(choices: readonly T[]): T => choices[i % choices.length]!;
  switch (spec.type) {
    case 'enum':
      return { plain: pick(spec.values ?? ['a']), value: { S: pick(spec.values ?? ['a']) } };
    case 'number': {
      // The ends and the middle of the declared range: padded keys show their width.
      const min = spec.min ?? 1;
      const max = spec.max ?? 1000;
      const n = pick([min, Math.round((min + max) / 2), max]);
      return spec.format === 'string' ? { plain: String(n), value: { S: String(n) } } : { plain: n, value: { N: String(n) } };
    }
    case 'timestamp': {
      if (spec.format?.startsWith('epoch')) return { plain: 1_780_000_000 + i, value: { N: String(1_780_000_000 + i) } };
      const text = `2026-06-0${(i % 9) + 1}T10:1${i % 10}:00Z`;
      return { plain: text, value: { S: text } };
    }
    case 'boolean':
      return { plain: '', value: { BOOL: i % 2 === 0 } };
    case 'map':
      return { plain: '', value: { M: { note: { S: `n${i}` } } } };
    case 'list':
      return { plain: '', value: { L: [{ N: String(i) }] } };
    case 'binary':
      return { plain: '', value: { B: new Uint8Array([i, 1, 2]) } };
    case 'stringSet':
    case 'numberSet':
    case 'binarySet':
      return undefined;
    default: {
      const text = `${spec.examples?.[0] ?? spec.name.slice(0, 3)}x${i}`;
      return { plain: text, value: { S: text } };
    }
  }
}

/** `count` items of the entity, its attributes and every key its templates (and keysWhen) give. */
function sampleItems(entity: EntitySpec, count: number, keyTypes: Readonly<Record<string, string>> = {}): Item[] {
  return Array.from({ length: count }, (_, i) => {
    const item: Item = {};
    const plain: Record<string, string | number> = {};
    for (const spec of entity.attributes) {
      const sample = sampleValue(spec, i);
      if (!sample) continue;
      item[spec.name] = sample.value;
      plain[spec.name] = sample.plain;
    }
    for (const [keyAttribute, template] of Object.entries(entity.keys)) {
      const when = entity.keysWhen[keyAttribute] ?? {};
      // A binary key is the attribute itself; templates build text.
      if (keyTypes[keyAttribute] === 'B') continue;
      if (Object.entries(when).some(([name, value]) => String(plain[name]) !== value)) continue;
      const text = compileKeyTemplate(template).format(plain);
      item[keyAttribute] = keyTypes[keyAttribute] === 'N' ? { N: text } : { S: text };
    }
    return item;
  });
}

/** Sample items per table, `count` for every entity. */
export function sampleItemsByTable(model: Model, count: number): Record<string, Item[]> {
  const byTable: Record<string, Item[]> = {};
  for (const entity of model.entities) {
    const table = model.tables.find((candidate) => candidate.name === entity.table)!;
    const keyTypes: Record<string, string> = {};
    for (const key of [table.partitionKey, table.sortKey, ...table.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]), ...table.localSecondaryIndexes.map((index) => index.sortKey)]) {
      if (key) keyTypes[key.name] = key.type;
    }
    (byTable[entity.table] ??= []).push(...sampleItems(entity, count, keyTypes));
  }
  return byTable;
}

/** A ticket desk whose GSI1 has a multi-attribute key: [tenantId, teamId] / [status, priority (N)]; GSI2 keeps one attribute each. */
export const MULTI_ATTRIBUTE_YAML = `
name: tickets
tables:
  Tickets:
    partitionKey: PK
    globalSecondaryIndexes:
      GSI1:
        partitionKey: [tenantId, teamId]
        sortKey: [status, { name: priority, type: N }]
      GSI2: { partitionKey: GSI2PK, sortKey: GSI2SK, projection: KEYS_ONLY }
entities:
  Ticket:
    attributes:
      ticketId: string
      tenantId: string
      teamId: string
      status: { type: enum, values: [open, closed], mutable: true }
      priority: { type: number, integer: true, min: 1, max: 4 }
    keys:
      PK: TICKET#{ticketId}
      tenantId: "{tenantId}"
      teamId: "{teamId}"
      status: "{status}"
      priority: "{priority}"
      GSI2PK: TEAM#{teamId}
      GSI2SK: TICKET#{ticketId}
`;

export const MULTI_ATTRIBUTE: Model = parseModel(MULTI_ATTRIBUTE_YAML, 'tickets.yaml');
