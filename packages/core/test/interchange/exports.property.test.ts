/** Every export of any well-formed set of tables is well-formed: the schema shape, the HCL structure, TypeScript syntax, and a NoSQL Workbench round trip. */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fromNoSqlWorkbench, noSqlWorkbenchLosses, toCdk, toCloudFormation, toNoSqlWorkbench, toTerraform } from '../../src/interchange/index.js';
import type { GlobalIndexSpec, KeyAttribute, LocalIndexSpec, Model, Projection, TableSpec } from '../../src/model/types.js';
import { globalIndexSpec, isMultiAttributeIndex } from '../../src/model/global-index.js';

const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(new URL('./aws-dynamodb-table.schema.json', import.meta.url), 'utf8')) as object);

const name = fc.stringMatching(/^[A-Za-z0-9_.-]{3,24}$/);
const attributeName = fc.oneof(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/), fc.string({ minLength: 1, maxLength: 12 }));
const keyType = fc.constantFrom<KeyAttribute['type']>('S', 'N', 'B');
const throughput = fc.record({ readUnits: fc.integer({ min: 1, max: 40000 }), writeUnits: fc.integer({ min: 1, max: 40000 }) });
const projection: fc.Arbitrary<Projection> = fc.oneof(
  fc.constant({ type: 'ALL' as const }),
  fc.constant({ type: 'KEYS_ONLY' as const }),
  fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 5 }).map((attributes) => ({ type: 'INCLUDE' as const, attributes })),
);

/** A table whose key attributes have one type each, as DynamoDB requires. */
const table: fc.Arbitrary<TableSpec> = fc
  .record({
    name,
    keyNames: fc.uniqueArray(attributeName, { minLength: 6, maxLength: 6 }),
    types: fc.array(keyType, { minLength: 6, maxLength: 6 }),
    hasSort: fc.boolean(),
    provisioned: fc.option(throughput, { nil: undefined }),
    // Up to 3 partition and 3 sort attributes: multi-attribute keys too.
    gsis: fc.array(
      fc.record({ name, partition: fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 3 }), sort: fc.uniqueArray(fc.nat(5), { maxLength: 3 }), projection, provisioned: throughput }),
      { maxLength: 3 },
    ),
    lsis: fc.array(fc.record({ name, sort: fc.nat(5), projection }), { maxLength: 2 }),
    ttl: fc.option(attributeName, { nil: undefined }),
    tableClass: fc.option(fc.constantFrom('STANDARD' as const, 'STANDARD_INFREQUENT_ACCESS' as const), { nil: undefined }),
  })
  .map((spec) => {
    const key = (i: number): KeyAttribute => ({ name: spec.keyNames[i]!, type: spec.types[i]! });
    const gsis: GlobalIndexSpec[] = spec.gsis.map((gsi, i) =>
      globalIndexSpec(
        `${gsi.name}g${i}`,
        gsi.partition.map(key),
        gsi.sort.filter((each) => !gsi.partition.includes(each)).map(key),
        gsi.projection,
        spec.provisioned ? gsi.provisioned : undefined,
      ),
    );
    // An LSI needs a table sort key and a sort key other than the partition key.
    const lsis: LocalIndexSpec[] = spec.hasSort ? spec.lsis.filter((lsi) => lsi.sort !== 0).map((lsi, i) => ({ name: `${lsi.name}l${i}`, sortKey: key(lsi.sort), projection: lsi.projection })) : [];
    return {
      name: spec.name,
      partitionKey: key(0),
      ...(spec.hasSort ? { sortKey: key(1) } : {}),
      billingMode: spec.provisioned ? 'PROVISIONED' : 'PAY_PER_REQUEST',
      ...(spec.provisioned ? { provisioned: spec.provisioned } : {}),
      globalSecondaryIndexes: gsis,
      localSecondaryIndexes: lsis,
      ...(spec.ttl !== undefined ? { timeToLiveAttribute: spec.ttl } : {}),
      ...(spec.tableClass !== undefined ? { tableClass: spec.tableClass } : {}),
    } satisfies TableSpec;
  });

const model: fc.Arbitrary<Model> = fc
  .uniqueArray(table, { minLength: 1, maxLength: 3, selector: (spec) => spec.name })
  .map((tables) => ({ name: 'generated', tables, entities: [], accessPatterns: [], writePaths: [] }));

describe('exports of generated tables', () => {
  it('CloudFormation is valid against the schema shape, the same in JSON and YAML', () => {
    fc.assert(
      fc.property(model, (generated) => {
        const json: unknown = JSON.parse(toCloudFormation(generated, 'json'));
        expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
        expect(parse(toCloudFormation(generated, 'yaml'))).toEqual(json);
      }),
      { numRuns: 60 },
    );
  });

  it('CDK parses without syntax errors', () => {
    fc.assert(
      fc.property(model, (generated) => {
        const output = ts.transpileModule(toCdk(generated), { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
        expect(output.diagnostics ?? []).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('Terraform has one resource per table with valid, unique labels', () => {
    fc.assert(
      fc.property(model, (generated) => {
        const labels = [...toTerraform(generated).matchAll(/^resource "aws_dynamodb_table" "([^"]*)" \{$/gm)].map((match) => match[1]!);
        expect(labels).toHaveLength(generated.tables.length);
        for (const label of labels) expect(label).toMatch(/^[A-Za-z_][A-Za-z0-9_-]*$/);
        expect(new Set(labels).size).toBe(labels.length);
      }),
      { numRuns: 150 },
    );
  });

  it('NoSQL Workbench keeps the keys, GSIs, projections and billing; multi-attribute GSIs are left out with a warning', () => {
    fc.assert(
      fc.property(model, (generated) => {
        const back = fromNoSqlWorkbench(JSON.parse(JSON.stringify(toNoSqlWorkbench(generated)))).model;
        const view = (spec: TableSpec) => ({
          name: spec.name,
          partitionKey: spec.partitionKey,
          sortKey: spec.sortKey,
          billingMode: spec.billingMode,
          provisioned: spec.provisioned,
          gsis: spec.globalSecondaryIndexes
            .filter((index) => !isMultiAttributeIndex(index))
            .map((index) => ({ name: index.name, partitionKey: index.partitionKey, sortKey: index.sortKey, projection: index.projection })),
        });
        expect(back.tables.map(view)).toEqual(generated.tables.map(view));
        const multi = generated.tables.flatMap((table) => table.globalSecondaryIndexes.filter(isMultiAttributeIndex));
        const losses = noSqlWorkbenchLosses(generated).filter((loss) => loss.includes('multi-attribute key'));
        expect(losses).toHaveLength(multi.length);
      }),
      { numRuns: 150 },
    );
  });
});
