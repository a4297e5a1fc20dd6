/**
 * generateIntegrationTest: a Vitest file that exercises the generated module
 * against the endpoint in DYNAMODB_ENDPOINT — creates the model's tables under
 * a unique prefix, writes sample items through the write paths, reads every
 * access pattern (whole and one item per page) and compares with the answer
 * computed in the test from the items it wrote, then deletes the tables.
 */
import type { Model, PatternPlan, TableSpec, WritePathSpec } from '../model/types.js';
import { dataAccessFileName, plansForModel } from './data-access-module.js';
import type { DataAccessOptions, GeneratedFile } from './data-access-module.js';
import { entityInfo, findAttributeSpec, indexKeyAttributes } from './entity-info.js';
import type { EntityInfo } from './entity-info.js';
import { patternNames } from './read-code.js';
import { sampleItems, sampleLiteral, sampleValue } from './sample-items.js';
import type { SampleItem, SampleValue } from './sample-items.js';
import { fileSlug, identifier, propertyKey, tsLiteral } from './typescript-names.js';
import { typedKeyAttributes } from './typed-keys.js';
import { movesBaseKey, updateArguments } from './write-code.js';

export interface IntegrationTestOptions extends DataAccessOptions {
  /** How the test imports the module; default `./<module file>.js`. */
  readonly moduleImport?: string;
}

/** The helpers every generated test uses to compute the expected answer. */
const HELPERS = `/** DynamoDB orders strings by their UTF-8 bytes. */
function compareBytes(a: string, b: string): number {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) if (left[i] !== right[i]) return left[i]! - right[i]!;
  return left.length - right.length;
}

interface Expectation<T> {
  readonly items: readonly T[];
  readonly keysOf: (item: T) => Record<string, string>;
  readonly condition: KeyConditionValues;
  readonly sortAttribute?: string;
  /** The sort key is a number (type N): it orders by value, not by text. */
  readonly numeric?: boolean;
  readonly forward: boolean;
  readonly limit?: number;
  readonly filter?: Readonly<Record<string, string>>;
}

/** The items a key condition selects, in key order: what the Query must return. */
function expectedItems<T>(expectation: Expectation<T>): T[] {
  const { condition, sortAttribute } = expectation;
  const order = (a: string, b: string) => (expectation.numeric ? Number(a) - Number(b) : compareBytes(a, b));
  const selected = expectation.items.filter((item) => {
    const keys = expectation.keysOf(item);
    if (keys[condition.partition.attribute] !== condition.partition.value) return false;
    if (sortAttribute !== undefined && keys[sortAttribute] === undefined) return false;
    for (const [name, value] of Object.entries(expectation.filter ?? {})) {
      if (String((item as Record<string, unknown>)[name]) !== value) return false;
    }
    const sort = condition.sort;
    if (sort === undefined) return true;
    const key = keys[sort.attribute];
    if (key === undefined) return false;
    if ('equals' in sort) return key === sort.equals;
    if ('beginsWith' in sort) return key.startsWith(sort.beginsWith);
    return order(key, sort.between[0]) >= 0 && order(key, sort.between[1]) <= 0;
  });
  if (sortAttribute !== undefined) {
    selected.sort((a, b) => order(expectation.keysOf(a)[sortAttribute]!, expectation.keysOf(b)[sortAttribute]!));
  }
  if (!expectation.forward) selected.reverse();
  return expectation.limit === undefined ? selected : selected.slice(0, expectation.limit);
}

interface ScanExpectation {
  readonly equals: Readonly<Record<string, unknown>>;
  readonly range?: { readonly attribute: string; readonly low: unknown; readonly high: unknown; readonly numeric: boolean };
  readonly filter?: Readonly<Record<string, string>>;
}

/** What a Scan's filter keeps: equal attributes, a value inside the range, the constant conditions. */
function scanMatches(item: object, expectation: ScanExpectation): boolean {
  const record = item as Record<string, unknown>;
  for (const [name, value] of Object.entries(expectation.equals)) if (record[name] !== value) return false;
  for (const [name, value] of Object.entries(expectation.filter ?? {})) if (String(record[name]) !== value) return false;
  const range = expectation.range;
  if (range === undefined) return true;
  const value = record[range.attribute];
  if (value === undefined) return false;
  const order = (a: unknown, b: unknown) => (range.numeric ? Number(a) - Number(b) : compareBytes(String(a), String(b)));
  return order(value, range.low) >= 0 && order(value, range.high) <= 0;
}

/** A Scan's order is the table's hash order: compare as sorted lists. */
function sortedByJson<T>(items: readonly T[]): T[] {
  const text = (item: T) => JSON.stringify(item, (_key, value: unknown) => (value instanceof Set ? [...value] : value));
  return [...items].sort((a, b) => compareBytes(text(a), text(b)));
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}`;

function createTableCode(table: TableSpec): string {
  const definitions = new Map<string, string>();
  const define = (key: { name: string; type: string }) => definitions.set(key.name, key.type);
  define(table.partitionKey);
  if (table.sortKey) define(table.sortKey);
  const schema = (partition: string, sort: string | undefined) =>
    `[{ AttributeName: ${tsLiteral(partition)}, KeyType: 'HASH' }${sort ? `, { AttributeName: ${tsLiteral(sort)}, KeyType: 'RANGE' }` : ''}]`;
  const projection = (spec: TableSpec['globalSecondaryIndexes'][number]['projection']) =>
    spec.type === 'INCLUDE'
      ? `{ ProjectionType: 'INCLUDE', NonKeyAttributes: [${spec.attributes.map(tsLiteral).join(', ')}] }`
      : `{ ProjectionType: '${spec.type}' }`;
  const provisioned = table.billingMode === 'PROVISIONED';
  const throughput = (units?: { readUnits: number; writeUnits: number }) =>
    provisioned ? `, ProvisionedThroughput: { ReadCapacityUnits: ${units?.readUnits ?? 5}, WriteCapacityUnits: ${units?.writeUnits ?? 5} }` : '';
  const gsis = table.globalSecondaryIndexes.map((index) => {
    // Every key attribute: HASH ones first, then RANGE ones (a multi-attribute key has up to 4 of each).
    for (const key of [...index.partitionKeys, ...index.sortKeys]) define(key);
    const elements = [
      ...index.partitionKeys.map((key) => `{ AttributeName: ${tsLiteral(key.name)}, KeyType: 'HASH' }`),
      ...index.sortKeys.map((key) => `{ AttributeName: ${tsLiteral(key.name)}, KeyType: 'RANGE' }`),
    ];
    return `{ IndexName: ${tsLiteral(index.name)}, KeySchema: [${elements.join(', ')}], Projection: ${projection(index.projection)}${throughput(index.provisioned)} }`;
  });
  const lsis = table.localSecondaryIndexes.map((index) => {
    define(index.sortKey);
    return `{ IndexName: ${tsLiteral(index.name)}, KeySchema: ${schema(table.partitionKey.name, index.sortKey.name)}, Projection: ${projection(index.projection)} }`;
  });
  const attributes = [...definitions].map(([name, type]) => `{ AttributeName: ${tsLiteral(name)}, AttributeType: '${type}' }`);
  return [
    '    new CreateTableCommand({',
    `      TableName: tableNames[${tsLiteral(table.name)}],`,
    `      AttributeDefinitions: [${attributes.join(', ')}],`,
    `      KeySchema: ${schema(table.partitionKey.name, table.sortKey?.name)},`,
    `      BillingMode: '${table.billingMode}',`,
    ...(provisioned ? [`      ProvisionedThroughput: { ReadCapacityUnits: ${table.provisioned?.readUnits ?? 5}, WriteCapacityUnits: ${table.provisioned?.writeUnits ?? 5} },`] : []),
    ...(gsis.length > 0 ? [`      GlobalSecondaryIndexes: [\n        ${gsis.join(',\n        ')},\n      ],`] : []),
    ...(lsis.length > 0 ? [`      LocalSecondaryIndexes: [\n        ${lsis.join(',\n        ')},\n      ],`] : []),
    '    }),',
  ].join('\n');
}

interface EntityState {
  readonly info: EntityInfo;
  readonly variable: string;
  readonly items: SampleItem[];
}

function itemCount(info: EntityInfo, plans: readonly PatternPlan[]): number {
  const limits = plans.filter((plan) => plan.entity === info.entity.name && (plan.limit ?? 0) > 1).map((plan) => plan.limit!);
  // Two partitions, each with more items than any "top N" takes.
  return Math.max(6, ...limits.map((limit) => 2 * (limit + 2)));
}

/** The value an update path writes: another sample value, different from the current one. */
function changedValue(state: EntityState, attribute: string, index: number, current: SampleValue | undefined): SampleValue {
  const spec = findAttributeSpec(state.info.entity, attribute)!;
  for (let k = state.items.length + index; k < state.items.length + index + 50; k++) {
    const value = sampleValue(spec, k);
    if (sampleLiteral(value) !== (current === undefined ? '' : sampleLiteral(current))) return value;
  }
  return sampleValue(spec, state.items.length + index);
}

function writeSteps(model: Model, states: Map<string, EntityState>): string[] {
  const steps: string[] = [];
  const byEntity = (path: WritePathSpec) => states.get(path.entity)!;
  for (const path of model.writePaths) {
    const { variable } = byEntity(path);
    const fn = `data.${identifier(path.name)}`;
    if (path.kind === 'create') {
      steps.push(`    for (const item of ${variable}) await ${fn}(item);`);
      steps.push(`    // The key is taken now: a second create is refused.`);
      steps.push(`    await expect(${fn}(${variable}[0]!)).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });`);
    }
  }
  for (const [pathIndex, path] of model.writePaths.entries()) {
    if (path.kind !== 'update') continue;
    const state = byEntity(path);
    const { variable, info } = state;
    const fn = `data.${identifier(path.name)}`;
    const target = (pathIndex + 1) % state.items.length;
    const current = state.items[target]!;
    const next: SampleItem = { ...current };
    for (const attribute of path.attributes) next[attribute] = changedValue(state, attribute, pathIndex, current[attribute]);
    state.items[target] = next;
    const changes = path.attributes.map((attribute) => `${propertyKey(attribute)}: ${sampleLiteral(next[attribute]!)}`).join(', ');
    if (movesBaseKey(info, path)) {
      steps.push(`    // ${path.name} moves the item to a new key in one transaction; the old key is gone, so moving it again fails.`);
      steps.push(`    const before${pathIndex} = ${variable}[${target}]!;`);
      steps.push(`    ${variable}[${target}] = await ${fn}(before${pathIndex}, { ${changes} });`);
      steps.push(`    await expect(${fn}(before${pathIndex}, { ${changes} })).rejects.toMatchObject({ name: 'TransactionCanceledException' });`);
    } else {
      const { checked } = updateArguments(info, path);
      if (checked.length > 0) {
        const stale = checked.map((attribute) => `${propertyKey(attribute)}: ${sampleLiteral(changedValue(state, attribute, pathIndex, current[attribute]))}`).join(', ');
        steps.push(`    // Keys built from ${checked.join(', ')} are recomputed: a value other than the stored one is refused.`);
        steps.push(`    await expect(${fn}({ ...${variable}[${target}]!, ${changes}, ${stale} })).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });`);
      }
      steps.push(`    ${variable}[${target}] = { ...${variable}[${target}]!, ${changes} };`);
      steps.push(`    await ${fn}(${variable}[${target}]!);`);
    }
  }
  for (const path of model.writePaths) {
    if (path.kind !== 'delete') continue;
    const state = byEntity(path);
    const last = state.items.length - 1;
    steps.push(`    expect(await data.${identifier(path.name)}(${state.variable}[${last}]!)).toEqual(${state.variable}[${last}]);`);
    steps.push(`    ${state.variable}.splice(${last}, 1);`);
    state.items.splice(last, 1);
  }
  return steps;
}

/** Value order: numbers (and number text) by value, everything else as text. */
function compare(a: SampleValue | undefined, b: SampleValue | undefined): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const numeric = (value: unknown) => typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
  if (numeric(a) && numeric(b)) return Number(a) - Number(b);
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Arguments for a pattern, taken from the first item (and, for a range, two items of its partition). */
function patternArgs(state: EntityState, plan: PatternPlan): string {
  const first = state.items[0]!;
  const range = plan.sort?.operator === 'between' ? plan.sort.rangeAttribute : undefined;
  const fields = plan.parameters.map((parameter) => {
    if (range !== undefined && (parameter === `${range}From` || parameter === `${range}To`)) {
      const equals = plan.parameters.filter((name) => name !== `${range}From` && name !== `${range}To`);
      const values = state.items
        .filter((item) => equals.every((name) => sampleLiteral(item[name] ?? '') === sampleLiteral(first[name] ?? '')))
        .map((item) => item[range])
        .filter((value): value is SampleValue => value !== undefined)
        .sort(compare);
      // An inner window: the ends themselves are inside, the first and last items outside.
      const low = values[Math.min(1, values.length - 1)]!;
      const high = values[Math.max(values.length - 2, 0)]!;
      return `${propertyKey(parameter)}: ${sampleLiteral(parameter.endsWith('From') ? low : high)}`;
    }
    const value = first[parameter];
    return `${propertyKey(parameter)}: ${value === undefined ? "''" : sampleLiteral(value)}`;
  });
  return `{ ${fields.join(', ')} }`;
}

function patternTest(state: EntityState, plan: PatternPlan): string {
  const names = patternNames(plan);
  const { info, variable } = state;
  const args = patternArgs(state, plan);
  if (plan.operation === 'Scan') {
    const range = plan.parameters.map((name) => /^(.+)From$/.exec(name)?.[1]).find((name) => name !== undefined && plan.parameters.includes(`${name}To`));
    const equals = plan.parameters.filter((name) => range === undefined || (name !== `${range}From` && name !== `${range}To`));
    const numeric = range !== undefined && findAttributeSpec(info.entity, range)?.type === 'number';
    const fields = [
      `equals: { ${equals.map((name) => `${propertyKey(name)}: args.${name}`).join(', ')} }`,
      ...(range !== undefined ? [`range: { attribute: ${tsLiteral(range)}, low: args.${range}From, high: args.${range}To, numeric: ${numeric} }`] : []),
      ...(plan.filter && plan.filter.length > 0 ? [`filter: { ${plan.filter.map((c) => `${propertyKey(c.attribute)}: ${tsLiteral(c.value)}`).join(', ')} }`] : []),
    ];
    return [
      `  it(${tsLiteral(`${plan.pattern} (a Scan) returns every matching item, on every page`)}, async () => {`,
      `    const args: ${names.args} = ${args};`,
      `    const expected = ${variable}.filter((item) => scanMatches(item, { ${fields.join(', ')} }));`,
      '    expect(expected.length).toBeGreaterThan(0);',
      `    expect(sortedByJson(await collect(data.${names.function}(args)))).toEqual(sortedByJson(expected));`,
      `    expect(sortedByJson(await collect(data.${names.function}(args, { pageSize: 1 })))).toEqual(sortedByJson(expected));`,
      '  });',
    ].join('\n');
  }
  const sortAttribute = indexKeyAttributes(info.table, plan.index).sort;
  const numeric = sortAttribute !== undefined && typedKeyAttributes(info.table).get(sortAttribute) === 'N';
  const filter = plan.filter && plan.filter.length > 0 ? `, filter: { ${plan.filter.map((c) => `${propertyKey(c.attribute)}: ${tsLiteral(c.value)}`).join(', ')} }` : '';
  const expectation = `{ items: ${variable}, keysOf: ${info.functionPrefix}Keys, condition: ${names.keyCondition}(args)${sortAttribute ? `, sortAttribute: ${tsLiteral(sortAttribute)}` : ''}${numeric ? ', numeric: true' : ''}, forward: ${plan.scanIndexForward !== false}${plan.limit !== undefined ? `, limit: ${plan.limit}` : ''}${filter} }`;
  if (plan.operation === 'GetItem') {
    return [
      `  it(${tsLiteral(`${plan.pattern} gets the item by its key`)}, async () => {`,
      `    const args: ${names.args} = ${args};`,
      `    const expected = expectedItems(${expectation});`,
      '    expect(expected.length).toBe(1);',
      `    expect(await data.${names.function}(args)).toEqual(expected[0]);`,
      '  });',
    ].join('\n');
  }
  return [
    `  it(${tsLiteral(`${plan.pattern} returns the items of its key condition in order, on every page`)}, async () => {`,
    `    const args: ${names.args} = ${args};`,
    `    const expected = expectedItems(${expectation});`,
    '    expect(expected.length).toBeGreaterThan(0);',
    ...((plan.limit ?? 0) > 1
      ? [`    // More items match than the pattern's limit: the reader must stop after ${plan.limit}.`, `    expect(expectedItems({ ...${expectation}, limit: undefined }).length).toBeGreaterThan(${plan.limit});`]
      : []),
    `    expect(await collect(data.${names.function}(args))).toEqual(expected);`,
    `    expect(await collect(data.${names.function}(args, { pageSize: 1 }))).toEqual(expected);`,
    `    expect(await collect(data.${names.function}(args, { pageSize: 2 }))).toEqual(expected);`,
    '  });',
  ].join('\n');
}

export function integrationTestFileName(model: Model): string {
  return `${fileSlug(model.name)}-data-access.integration.test.ts`;
}

export function generateIntegrationTest(model: Model, options: IntegrationTestOptions = {}): GeneratedFile {
  const plans = plansForModel(model, options.plans);
  const moduleImport = options.moduleImport ?? `./${dataAccessFileName(model).replace(/\.ts$/, '.js')}`;
  const states = new Map<string, EntityState>();
  for (const entity of model.entities) {
    const info = entityInfo(model, entity);
    states.set(entity.name, { info, variable: `${identifier(entity.plural)}Items`, items: sampleItems(entity, info.table, itemCount(info, plans)) });
  }
  const declarations = [...states.values()].map(
    ({ info, variable, items }) =>
      `  const ${variable}: ${info.typeName}[] = [\n${items.map((item) => `    { ${Object.entries(item).map(([name, value]) => `${propertyKey(name)}: ${sampleLiteral(value)}`).join(', ')} },`).join('\n')}\n  ];`,
  );
  const writes = writeSteps(model, states);
  const patternTests = plans.map((plan) => patternTest(states.get(plan.entity)!, plan));
  const imports = [
    'createDataAccess',
    ...[...states.values()].map((state) => `${state.info.functionPrefix}Keys`),
    ...plans.filter((plan) => plan.operation !== 'Scan').map((plan) => patternNames(plan).keyCondition),
  ];
  const types = ['KeyConditionValues', ...[...states.values()].map((state) => state.info.typeName), ...plans.map((plan) => patternNames(plan).args)];
  const tableNames = model.tables.map((table) => `  ${propertyKey(table.name)}: \`\${prefix}${table.name.replace(/[`$\\]/g, '\\$&')}\`,`);
  const source = [
    `/**`,
    ` * Integration test of the data access for the model "${model.name.replace(/\*\//g, '*\\/')}", generated by DynoTable.`,
    ' * Runs against the DynamoDB endpoint in DYNAMODB_ENDPOINT (DynamoDB Local, for example);',
    ' * creates its tables under a unique prefix and deletes them afterwards.',
    ' */',
    "import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, waitUntilTableExists } from '@aws-sdk/client-dynamodb';",
    "import { afterAll, beforeAll, describe, expect, it } from 'vitest';",
    `import { ${imports.join(', ')} } from ${tsLiteral(moduleImport)};`,
    `import type { ${types.join(', ')} } from ${tsLiteral(moduleImport)};`,
    '',
    "const endpoint = process.env['DYNAMODB_ENDPOINT'];",
    'const prefix = `it-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-`;',
    'const tableNames = {',
    ...tableNames,
    '};',
    '',
    HELPERS,
    '',
    `describe.skipIf(endpoint === undefined)(${tsLiteral(`${model.name} data access`)}, () => {`,
    '  // DynamoDB Local only checks that credentials are present; real ones win when set.',
    "  const credentials = process.env['AWS_ACCESS_KEY_ID'] ? undefined : { accessKeyId: 'local', secretAccessKey: 'local' };",
    "  const client = new DynamoDBClient({ endpoint, region: process.env['AWS_REGION'] ?? 'us-east-1', credentials });",
    '  const data = createDataAccess(client, { tableNames });',
    '',
    ...declarations,
    '',
    '  beforeAll(async () => {',
    ...model.tables.flatMap((table) => [
      '    await client.send(',
      createTableCode(table).replace(/^/gm, '  '),
      '    );',
      `    await waitUntilTableExists({ client, maxWaitTime: 120 }, { TableName: tableNames[${tsLiteral(table.name)}] });`,
    ]),
    '  });',
    '',
    '  afterAll(async () => {',
    `    for (const name of Object.values(tableNames)) await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);`,
    '    client.destroy();',
    '  });',
    '',
    "  it('writes through the write paths', async () => {",
    ...writes,
    '  });',
    '',
    patternTests.join('\n\n'),
    '});',
    '',
  ];
  return { fileName: integrationTestFileName(model), source: source.join('\n') };
}
