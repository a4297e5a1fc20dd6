import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  AccessPatternSpec,
  AttributeSpec,
  DeclaredType,
  EntitySpec,
  KeyAttribute,
  Model,
  Projection,
  TableSpec,
  WritePathSpec,
} from '@dynotable/core';
import { entityPlural as pluralize, parseModel, serializeModel, STARTER_MODEL_YAML } from '@dynotable/core';

/** Drops undefined fields, as normalised models have none. */
function defined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

const text = fc.string({ unit: 'grapheme', maxLength: 30 });
const word = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,10}$/);
const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => value + 0);
const count = fc.nat({ max: 1_000_000_000 });
const maybe = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arbitrary, { nil: undefined });

const projection: fc.Arbitrary<Projection> = fc.oneof(
  fc.constant({ type: 'ALL' as const }),
  fc.constant({ type: 'KEYS_ONLY' as const }),
  fc.uniqueArray(word, { maxLength: 3 }).map((attributes) => ({ type: 'INCLUDE' as const, attributes })),
);
const keyType = fc.constantFrom('S' as const, 'N' as const, 'B' as const);
const units = fc.record({ readUnits: fc.integer({ min: 1, max: 1000 }), writeUnits: fc.integer({ min: 1, max: 1000 }) }).map((u) => ({ ...u }));

function tableArbitrary(name: string): fc.Arbitrary<TableSpec> {
  return fc
    .record({
      pkType: keyType,
      skType: maybe(keyType),
      provisioned: maybe(units),
      // Up to 4 partition and 4 sort attributes: a multi-attribute key when more than one.
      gsis: fc.array(
        fc.record({ pkTypes: fc.array(keyType, { minLength: 1, maxLength: 4 }), skTypes: fc.array(keyType, { maxLength: 4 }), projection, units }),
        { maxLength: 3 },
      ),
      lsis: fc.array(fc.record({ type: keyType, projection }), { maxLength: 2 }),
      ttl: maybe(word),
      tableClass: maybe(fc.constantFrom('STANDARD' as const, 'STANDARD_INFREQUENT_ACCESS' as const)),
    })
    .map(({ pkType, skType, provisioned, gsis, lsis, ttl, tableClass }) => {
      const sortKey: KeyAttribute | undefined = skType ? { name: 'SK', type: skType } : undefined;
      return defined<TableSpec>({
        name,
        partitionKey: { name: 'PK', type: pkType },
        sortKey,
        billingMode: provisioned ? 'PROVISIONED' : 'PAY_PER_REQUEST',
        provisioned,
        globalSecondaryIndexes: gsis.map((gsi, i) => {
          const partitionKeys = gsi.pkTypes.map((type, j): KeyAttribute => ({ name: `GSI${i + 1}PK${j === 0 ? '' : j + 1}`, type }));
          const sortKeys = gsi.skTypes.map((type, j): KeyAttribute => ({ name: `GSI${i + 1}SK${j === 0 ? '' : j + 1}`, type }));
          return defined({
            name: `GSI${i + 1}`,
            partitionKey: partitionKeys[0]!,
            sortKey: sortKeys[0],
            partitionKeys,
            sortKeys,
            projection: gsi.projection,
            provisioned: provisioned ? gsi.units : undefined,
          });
        }),
        localSecondaryIndexes: sortKey ? lsis.map((lsi, i) => ({ name: `LSI${i + 1}`, sortKey: { name: `LSI${i + 1}SK`, type: lsi.type }, projection: lsi.projection })) : [],
        timeToLiveAttribute: ttl,
        tableClass,
      });
    });
}

const PLAIN_TYPES: DeclaredType[] = ['string', 'binary', 'boolean', 'uuid', 'list', 'map', 'stringSet', 'numberSet', 'binarySet'];

const attributeBody = fc.oneof(
  fc.record({ type: fc.constantFrom(...PLAIN_TYPES) }),
  fc.record({ type: fc.constant('timestamp' as const), format: maybe(fc.constantFrom('iso8601', 'epoch-seconds', 'M/D/YYYY')) }),
  fc.record({ type: fc.constant('date' as const), format: maybe(fc.constantFrom('YYYY-MM-DD', 'DD.MM.YYYY')) }),
  fc.record({ type: fc.constant('enum' as const), values: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }) }),
  fc.record({
    type: fc.constant('number' as const),
    format: maybe(fc.constantFrom('number', 'string')),
    range: maybe(fc.tuple(number, number).map(([a, b]) => (a <= b ? [a, b] : [b, a]))),
  }),
);

const attributeArbitrary = (name: string): fc.Arbitrary<AttributeSpec> =>
  fc
    .record({
      body: attributeBody,
      mutable: fc.boolean(),
      unique: fc.boolean(),
      required: fc.boolean(),
      lengths: maybe(fc.tuple(count, count).map(([a, b]) => (a <= b ? [a, b] : [b, a]))),
      cardinality: maybe(count),
      examples: maybe(fc.array(text, { maxLength: 3 })),
      averageBytes: maybe(count),
      description: maybe(text),
    })
    .map(({ body, lengths, ...rest }) => {
      const { range, ...typeFields } = body as typeof body & { range?: number[] };
      return defined<AttributeSpec>({
        name,
        ...typeFields,
        mutable: rest.mutable,
        unique: rest.unique,
        required: rest.required,
        min: range?.[0],
        max: range?.[1],
        minLength: lengths?.[0],
        maxLength: lengths?.[1],
        cardinality: rest.cardinality,
        examples: rest.examples,
        averageBytes: rest.averageBytes,
        description: rest.description,
      } as AttributeSpec);
    });

/** Templates for the table's string keys, and a sparse condition on a GSI pair when an enum allows it. */
function keysFor(table: TableSpec, attributes: readonly AttributeSpec[], withKeys: boolean): Pick<EntitySpec, 'keys' | 'keysWhen'> {
  const field = attributes[0]?.name;
  const stringKeys = [table.partitionKey, table.sortKey].every((key) => key === undefined || key.type === 'S');
  if (!withKeys || field === undefined || !stringKeys) return { keys: {}, keysWhen: {} };
  const keys: Record<string, string> = { PK: `E#{${field}}` };
  if (table.sortKey) keys['SK'] = 'ITEM';
  const keysWhen: Record<string, Record<string, string>> = {};
  const gsi = table.globalSecondaryIndexes.find((index) => [...index.partitionKeys, ...index.sortKeys].every((key) => key.type === 'S'));
  if (gsi) {
    // An item is in the index only with every key attribute, so each gets a template.
    for (const key of gsi.partitionKeys) keys[key.name] = `G#{${field}}`;
    for (const key of gsi.sortKeys) keys[key.name] = `S#{${field}}#X`;
    const enumAttribute = attributes.find((attribute) => attribute.type === 'enum');
    if (enumAttribute) keysWhen[gsi.partitionKey.name] = { [enumAttribute.name]: enumAttribute.values![0]! };
  }
  return { keys, keysWhen };
}

function entityArbitrary(name: string, tables: readonly TableSpec[]): fc.Arbitrary<EntitySpec> {
  return fc
    .record({
      table: fc.constantFrom(...tables),
      attributeNames: fc.uniqueArray(word, { maxLength: 5 }),
      plural: fc.oneof(fc.constant(undefined), word),
      description: maybe(text),
      count: maybe(count),
      averageItemBytes: maybe(fc.integer({ min: 1, max: 409_600 })),
      assumed: maybe(fc.subarray(['count', 'averageItemBytes'] as const, { minLength: 1 })),
      withKeys: fc.boolean(),
    })
    .chain(({ attributeNames, ...rest }) =>
      fc.tuple(...attributeNames.map(attributeArbitrary)).map((attributes) => ({ ...rest, attributes })),
    )
    .map(({ table, attributes, plural, description, count: items, averageItemBytes, assumed, withKeys }) =>
      defined<EntitySpec>({
        name,
        plural: plural ?? pluralize(name),
        table: table.name,
        description,
        attributes,
        ...keysFor(table, attributes, withKeys),
        count: items,
        averageItemBytes,
        assumed,
      }),
    );
}

const accessPattern = (name: string): fc.Arbitrary<AccessPatternSpec> =>
  fc
    .record({
      question: text.filter((question) => question.trim() !== ''),
      order: maybe(text),
      rate: maybe(fc.double({ min: 0, max: 1e6, noNaN: true }).map((value) => value + 0)),
      consistentRead: maybe(fc.boolean()),
      expectedItems: maybe(count),
      assumed: maybe(fc.subarray(['rate', 'expectedItems'] as const, { minLength: 1 })),
    })
    .map((fields) => defined<AccessPatternSpec>({ name, ...fields }));

function writePath(name: string, entities: readonly EntitySpec[]): fc.Arbitrary<WritePathSpec> {
  const updatable = entities.filter((entity) => entity.attributes.length > 0);
  const update = updatable.length
    ? fc
        .constantFrom(...updatable)
        .chain((entity) => fc.subarray(entity.attributes.map((attribute) => attribute.name), { minLength: 1 }).map((attributes) => ({ entity: entity.name, kind: 'update' as const, attributes })))
    : undefined;
  const whole = fc.record({
    entity: fc.constantFrom(...entities.map((entity) => entity.name)),
    kind: fc.constantFrom('create' as const, 'delete' as const),
    attributes: fc.constant([] as string[]),
  });
  return fc
    .record({ write: update ? fc.oneof(whole, update) : whole, rate: maybe(fc.nat()), description: maybe(text), assumed: maybe(fc.constant(['rate' as const])) })
    .map(({ write, rate, description, assumed }) => defined<WritePathSpec>({ name, ...write, rate, description, assumed }));
}

const modelArbitrary: fc.Arbitrary<Model> = fc
  .record({
    name: word,
    description: maybe(text),
    tableNames: fc.uniqueArray(fc.stringMatching(/^[A-Z][a-zA-Z0-9_.-]{2,12}$/), { minLength: 1, maxLength: 2 }),
    entityNames: fc.uniqueArray(fc.stringMatching(/^[A-Z][a-zA-Z]{0,10}$/), { maxLength: 3 }),
    patternNames: fc.uniqueArray(word.map((name) => `p${name}`), { maxLength: 3 }),
    writeNames: fc.uniqueArray(word.map((name) => `w${name}`), { maxLength: 3 }),
  })
  .chain(({ tableNames, entityNames, patternNames, writeNames, ...rest }) =>
    fc.tuple(...tableNames.map(tableArbitrary)).chain((tables) =>
      fc.tuple(...entityNames.map((name) => entityArbitrary(name, tables))).chain((entities) =>
        fc
          .record({
            accessPatterns: fc.tuple(...patternNames.map(accessPattern)),
            writePaths: entities.length ? fc.tuple(...writeNames.map((name) => writePath(name, entities))) : fc.constant([]),
          })
          .map(({ accessPatterns, writePaths }) => defined<Model>({ ...rest, tables, entities, accessPatterns, writePaths })),
      ),
    ),
  );

describe('serializeModel', () => {
  it('round-trips generated models through YAML and JSON', () => {
    fc.assert(
      fc.property(modelArbitrary, (model) => {
        expect(parseModel(serializeModel(model, 'yaml'))).toStrictEqual(model);
        expect(parseModel(serializeModel(model, 'json'))).toStrictEqual(model);
      }),
      { numRuns: 150 },
    );
  });

  it.each(['leaderboard', 'audit-log', 'ticket-desk'])('round-trips examples/%s.yaml', (name) => {
    const model = parseModel(readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8'), `${name}.yaml`);
    expect(parseModel(serializeModel(model, 'yaml'))).toStrictEqual(model);
    expect(parseModel(serializeModel(model, 'json'))).toStrictEqual(model);
  });

  it('omits defaults and uses the shorthands', () => {
    const yaml = serializeModel(parseModel(STARTER_MODEL_YAML, 'shop.yaml'), 'yaml');
    expect(yaml).toContain('createdAt: timestamp');
    expect(yaml).not.toContain('PAY_PER_REQUEST');
    expect(yaml).not.toContain('mutable: false');
    expect(yaml).not.toContain('required: true');
    expect(yaml).not.toMatch(/projection: ALL|keysWhen|table: Shop/);
  });
});
