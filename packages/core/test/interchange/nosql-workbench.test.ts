import { describe, expect, it } from 'vitest';
import { fromNoSqlWorkbench, InterchangeError, noSqlWorkbenchLosses, toNoSqlWorkbench } from '../../src/interchange/index.js';
import { storedAttributeType } from '../../src/interchange/dynamodb-types.js';
import { parseModel, serializeModel } from '../../src/model/index.js';
import type { Model, TableSpec } from '../../src/model/types.js';
import { EXAMPLE_NAMES, INVENTORY, loadExample, sampleItemsByTable } from './fixtures.js';

/** What of a table the NoSQL Workbench format holds. */
function workbenchView(table: TableSpec) {
  return {
    name: table.name,
    partitionKey: table.partitionKey,
    sortKey: table.sortKey,
    billingMode: table.billingMode,
    provisioned: table.provisioned,
    globalSecondaryIndexes: table.globalSecondaryIndexes.map(({ name, partitionKey, sortKey, projection }) => ({ name, partitionKey, sortKey, projection })),
  };
}

function roundTrip(model: Model, samples: number) {
  const exported = toNoSqlWorkbench(model, { sampleItems: sampleItemsByTable(model, samples), date: new Date(Date.UTC(2026, 5, 23, 14, 5)) });
  // Through text, as a file would go.
  return { exported, ...fromNoSqlWorkbench(JSON.parse(JSON.stringify(exported))) };
}

describe('NoSQL Workbench export', () => {
  it('writes the 3.0 document shape with metadata, facets, indexes and data', () => {
    const model = loadExample('leaderboard');
    const items = sampleItemsByTable(model, 2);
    const exported = toNoSqlWorkbench(model, { sampleItems: items, author: 'Ana', date: new Date(Date.UTC(2026, 5, 23, 14, 5)) });
    expect(exported.ModelName).toBe('leaderboard');
    expect(exported.ModelMetadata).toEqual({
      Author: 'Ana',
      DateCreated: 'Jun 23, 2026, 02:05 PM',
      DateLastModified: 'Jun 23, 2026, 02:05 PM',
      Description: model.description,
      AWSService: 'Amazon DynamoDB',
      Version: '3.0',
    });
    const [table] = exported.DataModel;
    expect(table!.KeyAttributes).toEqual({ PartitionKey: { AttributeName: 'PK', AttributeType: 'S' }, SortKey: { AttributeName: 'SK', AttributeType: 'S' } });
    expect(table!.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table!.ProvisionedCapacitySettings).toBeUndefined();
    expect(table!.GlobalSecondaryIndexes.map((index) => [index.IndexName, index.Projection.ProjectionType])).toEqual([
      ['GSI1', 'ALL'],
      ['GSI2', 'KEYS_ONLY'],
    ]);
    expect(table!.TableFacets.map((facet) => facet.FacetName)).toEqual(['Player', 'Match']);
    // Each item is on the table and on the facet whose templates it matches.
    expect(table!.TableData).toHaveLength(4);
    const player = table!.TableFacets[0]!;
    expect(player.TableData!.map((item) => item['SK'])).toEqual([{ S: 'PROFILE' }, { S: 'PROFILE' }]);
    expect(player.NonKeyAttributes).toEqual(expect.arrayContaining(['handle', 'rating', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK']));
    expect(table!.TableFacets[1]!.NonKeyAttributes).not.toContain('GSI1PK');
  });

  it('types non-key attributes by how the declared type is stored', () => {
    const exported = toNoSqlWorkbench(INVENTORY);
    const types = Object.fromEntries(exported.DataModel[0]!.NonKeyAttributes.map((attribute) => [attribute.AttributeName, attribute.AttributeType]));
    expect(types).toMatchObject({
      quantity: 'N',
      tags: 'SS',
      sizes: 'NS',
      thumbnails: 'BS',
      dimensions: 'M',
      history: 'L',
      active: 'BOOL',
      updatedAt: 'S',
      expiresAt: 'N',
      legacyCode: 'S',
    });
    // The base key is not a non-key attribute.
    expect(types).not.toHaveProperty('pk');
  });

  it('writes provisioned capacity and a single-field key template as the facet alias', () => {
    const exported = toNoSqlWorkbench(INVENTORY);
    expect(exported.DataModel[0]!.ProvisionedCapacitySettings).toEqual({ ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 3 } });
    expect(exported.DataModel[0]!.TableFacets[0]!.KeyAttributeAlias).toEqual({ PartitionKeyAlias: 'pk', SortKeyAlias: 'sk' });
    expect(exported.DataModel[1]!.TableFacets[0]!.KeyAttributeAlias).toEqual({ PartitionKeyAlias: 'id' });
    expect(exported.DataModel[1]!.KeyAttributes.SortKey).toBeUndefined();
  });

  it('lists what the format cannot hold', () => {
    const losses = noSqlWorkbenchLosses(INVENTORY).join('\n');
    expect(losses).toMatch(/Inventory: local secondary indexes/);
    expect(losses).toMatch(/Inventory: the time-to-live attribute/);
    expect(losses).toMatch(/Inventory: the table class/);
    expect(losses).not.toMatch(/audit\.events-2026: local/);
  });
});

describe('NoSQL Workbench round trip', () => {
  for (const name of EXAMPLE_NAMES) {
    it(`${name}: same tables, indexes, entities, key templates and attribute types`, () => {
      const model = loadExample(name);
      const { model: back } = roundTrip(model, 3);
      expect(back.name).toBe(model.name);
      expect(back.description).toBe(model.description);
      expect(back.tables.map(workbenchView)).toEqual(model.tables.map(workbenchView));
      expect(back.entities.map((entity) => entity.name)).toEqual(model.entities.map((entity) => entity.name));
      for (const entity of model.entities) {
        const imported = back.entities.find((candidate) => candidate.name === entity.name)!;
        expect(imported.table).toBe(entity.table);
        expect(imported.keys).toEqual(entity.keys);
        const stored = (attributes: typeof entity.attributes) =>
          Object.fromEntries(attributes.map((attribute) => [attribute.name, storedAttributeType(attribute)]));
        expect(stored(imported.attributes)).toEqual(stored(entity.attributes));
      }
    });
  }

  it('keeps provisioned throughput, GSI projections, number and binary keys', () => {
    const { model: back } = roundTrip(INVENTORY, 3);
    expect(back.tables.map(workbenchView)).toEqual(INVENTORY.tables.map(workbenchView));
    const blob = back.entities.find((entity) => entity.name === 'Blob')!;
    expect(blob.keys).toEqual({});
    expect(blob.attributes.map((attribute) => [attribute.name, attribute.type])).toEqual([
      ['size', 'number'],
      ['id', 'binary'],
    ]);
    const product = back.entities.find((entity) => entity.name === 'Product')!;
    expect(product.keys).toMatchObject({ pk: 'PRODUCT#{sku}', sk: 'WAREHOUSE#{warehouse}', warehouse: '{warehouse}', quantity: '{quantity}' });
  });

  it('recovers padded numbers and ISO timestamps in templates from the samples', () => {
    const { model: back } = roundTrip(loadExample('leaderboard'), 3);
    const player = back.entities.find((entity) => entity.name === 'Player')!;
    expect(player.keys['GSI1SK']).toBe('RATING#{rating:05}');
    const match = back.entities.find((entity) => entity.name === 'Match')!;
    expect(match.keys['SK']).toBe('MATCH#{playedAt:iso}#{matchId}');
    expect(match.attributes.find((attribute) => attribute.name === 'playedAt')!.type).toBe('timestamp');
  });

  it('without samples, keys fall back to the facet aliases and say so', () => {
    const { model: back, warnings } = roundTrip(loadExample('audit-log'), 0);
    expect(back.entities[0]!.keys).toEqual({ PK: '{PK}', SK: '{SK}' });
    expect(warnings.join('\n')).toMatch(/key templates of Event cannot be read exactly .*PK = \{PK\} \(no usable samples/);
  });
});

/** Shaped like a NoSQL Workbench file written by hand, with keys DynoTable does not know. */
const HAND_WRITTEN = {
  ModelName: 'Bookshop',
  ModelMetadata: {
    Author: 'someone',
    DateCreated: 'Mar 02, 2025, 09:14 AM',
    DateLastModified: 'Mar 02, 2025, 09:40 AM',
    Description: 'Books and authors',
    AWSService: 'Amazon DynamoDB',
    Version: '3.0',
    Theme: 'dark',
  },
  DataModel: [
    {
      TableName: 'Books',
      KeyAttributes: {
        PartitionKey: { AttributeName: 'PK', AttributeType: 'S' },
        SortKey: { AttributeName: 'SK', AttributeType: 'S' },
      },
      NonKeyAttributes: [
        { AttributeName: 'Title', AttributeType: 'S' },
        { AttributeName: 'Pages', AttributeType: 'N' },
        { AttributeName: 'Genres', AttributeType: 'SS' },
        { AttributeName: 'InPrint', AttributeType: 'BOOL' },
        { AttributeName: 'Rating', AttributeType: 'DECIMAL' },
        { AttributeName: 'GSI1PK', AttributeType: 'S' },
        { AttributeName: 'GSI1SK', AttributeType: 'S' },
      ],
      TableFacets: [
        {
          FacetName: 'Book',
          KeyAttributeAlias: { PartitionKeyAlias: 'BookId', SortKeyAlias: 'Edition' },
          TableData: [
            { PK: { S: 'BOOK#b1' }, SK: { S: 'ED#1' }, Title: { S: 'Dune' }, Pages: { N: '412' }, GSI1PK: { S: 'AUTHOR#a7' }, GSI1SK: { S: 'BOOK#b1' } },
            { PK: { S: 'BOOK#b2' }, SK: { S: 'ED#3' }, Title: { S: 'Emma' }, Pages: { N: '474' }, GSI1PK: { S: 'AUTHOR#a9' }, GSI1SK: { S: 'BOOK#b2' } },
          ],
          NonKeyAttributes: ['Title', 'Pages', 'Genres', 'InPrint', 'Publisher', 'GSI1PK', 'GSI1SK'],
          DataAccess: { MySql: {} },
          Colour: '#ff0000',
        },
        {
          FacetName: 'Author',
          KeyAttributeAlias: { PartitionKeyAlias: 'AuthorId', SortKeyAlias: 'SK' },
          NonKeyAttributes: ['Title'],
          DataAccess: { MySql: {} },
        },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'GSI1',
          KeyAttributes: { PartitionKey: { AttributeName: 'GSI1PK', AttributeType: 'S' }, SortKey: { AttributeName: 'GSI1SK', AttributeType: 'S' } },
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['Title'] },
          Hint: 'x',
        },
        { IndexName: 'Broken', KeyAttributes: {} },
      ],
      TableData: [],
      DataAccess: { MySql: {} },
      BillingMode: 'PROVISIONED',
      ProvisionedCapacitySettings: {
        ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 2 },
        AutoScalingRead: { ScalableTargetRequest: { MinCapacity: 1, MaxCapacity: 10 } },
        AutoScalingWrite: { ScalableTargetRequest: { MinCapacity: 1, MaxCapacity: 10 } },
      },
      StreamSpecification: { StreamEnabled: true },
    },
    { KeyAttributes: { PartitionKey: { AttributeName: 'id', AttributeType: 'S' } } },
  ],
  ExtraTopLevel: 1,
};

describe('NoSQL Workbench import of a hand-written file', () => {
  const { model, warnings } = fromNoSqlWorkbench(HAND_WRITTEN);

  it('reads tables, billing and indexes', () => {
    expect(model.name).toBe('Bookshop');
    expect(model.description).toBe('Books and authors');
    expect(model.tables).toHaveLength(1);
    const [books] = model.tables;
    expect(books).toMatchObject({ name: 'Books', billingMode: 'PROVISIONED', provisioned: { readUnits: 5, writeUnits: 2 }, localSecondaryIndexes: [] });
    expect(books!.globalSecondaryIndexes).toEqual([
      {
        name: 'GSI1',
        partitionKey: { name: 'GSI1PK', type: 'S' },
        sortKey: { name: 'GSI1SK', type: 'S' },
        partitionKeys: [{ name: 'GSI1PK', type: 'S' }],
        sortKeys: [{ name: 'GSI1SK', type: 'S' }],
        projection: { type: 'INCLUDE', attributes: ['Title'] },
        provisioned: { readUnits: 5, writeUnits: 2 },
      },
    ]);
    expect(warnings.join('\n')).toContain("each GSI gets the table's 5 read and 2 write units");
  });

  it('turns facets into entities with typed attributes and inferred templates', () => {
    const book = model.entities.find((entity) => entity.name === 'Book')!;
    expect(book.plural).toBe('Books');
    expect(book.keys).toEqual({ PK: 'BOOK#{BookId}', SK: 'ED#{Edition}', GSI1PK: 'AUTHOR#{GSI1PK}', GSI1SK: 'BOOK#{BookId}' });
    const types = Object.fromEntries(book.attributes.map((attribute) => [attribute.name, attribute.type]));
    expect(types).toEqual({ Title: 'string', Pages: 'number', Genres: 'stringSet', InPrint: 'boolean', Publisher: 'string', BookId: 'string', Edition: 'string', GSI1PK: 'string' });
    const author = model.entities.find((entity) => entity.name === 'Author')!;
    expect(author.keys).toEqual({ PK: '{AuthorId}', SK: '{SK}' });
  });

  it('warns about every unknown key and malformed part, and never throws', () => {
    const text = warnings.join('\n');
    for (const path of [
      '$.ExtraTopLevel',
      '$.ModelMetadata.Theme',
      '$.DataModel[0].StreamSpecification',
      '$.DataModel[0].TableFacets[0].Colour',
      '$.DataModel[0].GlobalSecondaryIndexes[0].Hint',
    ]) {
      expect(text).toContain(`${path}: unknown key, ignored`);
    }
    expect(text).toContain('$.DataModel[0].NonKeyAttributes[4].AttributeType: "DECIMAL" is not a DynamoDB type');
    expect(text).toContain('$.DataModel[0].GlobalSecondaryIndexes[1]: an index needs an IndexName and a partition key; index skipped');
    expect(text).toContain('$.DataModel[1]: a table needs a TableName and a partition key; table skipped');
    expect(text).toContain('Publisher has no type');
  });

  it('reads a bare minimum and refuses only what is not an object', () => {
    const minimal = fromNoSqlWorkbench({ DataModel: [{ TableName: 'T', KeyAttributes: { PartitionKey: { AttributeName: 'id', AttributeType: 'N' } } }] });
    expect(minimal.model.tables[0]).toMatchObject({ name: 'T', partitionKey: { name: 'id', type: 'N' }, billingMode: 'PAY_PER_REQUEST', globalSecondaryIndexes: [] });
    expect(minimal.model.entities).toEqual([]);
    expect(fromNoSqlWorkbench({}).warnings).toContain('$.DataModel: no table could be read');
    expect(() => fromNoSqlWorkbench([])).toThrow(InterchangeError);
    expect(() => fromNoSqlWorkbench('x')).toThrow(InterchangeError);
  });
});

describe('an imported model is a valid model file', () => {
  const cases: [string, () => Model][] = [
    ...EXAMPLE_NAMES.map((name): [string, () => Model] => [`${name} with samples`, () => roundTrip(loadExample(name), 3).model]),
    ['audit-log without samples', () => roundTrip(loadExample('audit-log'), 0).model],
    ['inventory with samples', () => roundTrip(INVENTORY, 3).model],
    ['the hand-written file', () => fromNoSqlWorkbench(HAND_WRITTEN).model],
  ];
  for (const [name, imported] of cases) {
    it(`${name}: written as YAML and read back unchanged`, () => {
      const model = imported();
      expect(parseModel(serializeModel(model, 'yaml'))).toEqual(model);
    });
  }
});
