/**
 * Random scenarios: 1–2 tables with random key schemas (S/N/B, optional sort
 * key, 0–2 GSIs, now and then a GSI keyed by several attributes, 0–1 LSI,
 * random projections), then a sequence of item
 * operations on them with keys drawn from small pools.
 */
import fc from 'fast-check';
import type { AttributeValue } from '@dynotable/core';
import { conditionArb, conditionPathArb, keyConditionArb, multiKeyConditionArb, notExistsArb, projectionArb, updateArb } from './expressions.js';
import { dataNames, dataValueArb, keyValueArb, wrongKeyValueArb } from './pools.js';
import { hashKeysOf, keysOfSpec, rangeKeysOf } from './scenario.js';
import type { IndexSpec, Item, KeyAttribute, Operation, ReturnConsumed, Scenario, ScalarType, TableSpec, TransactAction } from './scenario.js';

const typeArb = fc.constantFrom<ScalarType>('S', 'N', 'B');

function projectionSpecArb(): fc.Arbitrary<Pick<IndexSpec, 'projection' | 'include'>> {
  return fc.oneof(
    fc.constantFrom<IndexSpec['projection']>('ALL', 'KEYS_ONLY').map((projection) => ({ projection, include: [] as string[] })),
    fc.subarray(['a', 'b'], { minLength: 1 }).map((include) => ({ projection: 'INCLUDE' as const, include })),
  );
}

/** A table whose attribute names each have one type across the table and its indexes. */
const tableSpecArb: fc.Arbitrary<TableSpec> = fc
  .record({
    hashName: fc.constantFrom('pk', 'status'),
    rangeName: fc.option(fc.constantFrom('sk', 'data'), { freq: 4 }),
    types: fc.record({ hash: typeArb, range: typeArb, g1: typeArb, g2: typeArb, l1: typeArb, m1: typeArb, m2: typeArb, m3: typeArb, m4: typeArb }),
    gsiCount: fc.integer({ min: 0, max: 2 }),
    gsiShapes: fc.array(fc.record({ hash: fc.constantFrom('g1', 'g2', 'range'), range: fc.option(fc.constantFrom('g1', 'g2', 'hash')), projection: projectionSpecArb() }), {
      minLength: 2,
      maxLength: 2,
    }),
    lsi: fc.option(projectionSpecArb()),
    // A GSI keyed by several attributes: the names in key order, how many of them partition it.
    multi: fc.option(
      fc.record({
        names: fc.shuffledSubarray(['m1', 'm2', 'm3', 'm4', 'g1', 'range'], { minLength: 2, maxLength: 6 }),
        hashCount: fc.integer({ min: 1, max: 4 }),
        projection: projectionSpecArb(),
      }),
      { freq: 2 },
    ),
  })
  .map(({ hashName, rangeName, types, gsiCount, gsiShapes, lsi, multi }): TableSpec => {
    const hash: KeyAttribute = { name: hashName, type: types.hash };
    const range: KeyAttribute | undefined = rangeName === null ? undefined : { name: rangeName, type: types.range };
    const attribute = (name: string): KeyAttribute | undefined => {
      if (name === 'hash') return hash;
      if (name === 'range') return range;
      return { name, type: types[name as 'g1' | 'g2' | 'l1' | 'm1' | 'm2' | 'm3' | 'm4'] };
    };
    const gsis: IndexSpec[] = [];
    for (const shape of gsiShapes.slice(0, gsiCount)) {
      const gsiHash = attribute(shape.hash);
      if (gsiHash === undefined) continue;
      const gsiRange = shape.range === null ? undefined : attribute(shape.range);
      gsis.push({ name: `gsi${gsis.length}`, hash: gsiHash, range: gsiRange?.name === gsiHash.name ? undefined : gsiRange, ...shape.projection });
    }
    if (multi !== null) {
      const keys = multi.names.map(attribute).filter((k): k is KeyAttribute => k !== undefined);
      // 2–4 partition attributes and/or 2–4 sort attributes.
      let hashCount = Math.min(multi.hashCount, keys.length);
      if (hashCount < 2 && keys.length - hashCount < 2) hashCount = 2;
      const hashes = keys.slice(0, hashCount);
      const ranges = keys.slice(hashCount, hashCount + 4);
      if (hashes.length >= 2 || ranges.length >= 2) {
        const spec: IndexSpec = { name: `gsi${gsis.length}`, hash: hashes[0]!, include: [], projection: multi.projection.projection };
        spec.include = multi.projection.include;
        if (hashes.length > 1) spec.hashes = hashes;
        if (ranges.length > 0) spec.range = ranges[0]!;
        if (ranges.length > 1) spec.ranges = ranges;
        gsis.push(spec);
      }
    }
    const lsis: IndexSpec[] = range !== undefined && lsi !== null ? [{ name: 'lsi0', hash, range: attribute('l1'), ...lsi }] : [];
    return { hash, range, gsis, lsis };
  });

function tableKeys(table: TableSpec): KeyAttribute[] {
  return table.range === undefined ? [table.hash] : [table.hash, table.range];
}

/** Key attributes of the indexes that are not table keys. */
function indexOnlyKeys(table: TableSpec): KeyAttribute[] {
  const own = new Set(tableKeys(table).map((k) => k.name));
  const result = new Map<string, KeyAttribute>();
  for (const index of [...table.gsis, ...table.lsis]) {
    for (const k of keysOfSpec(index)) if (!own.has(k.name)) result.set(k.name, k);
  }
  return [...result.values()];
}

function allIndexes(table: TableSpec): IndexSpec[] {
  return [...table.gsis, ...table.lsis];
}

/** Whether scenarios include malformed keys and wrongly typed index keys (DynamoDB's errors for them). */
export interface ScenarioOptions {
  invalidInputs: boolean;
}

/** A key from the pools; now and then a malformed one (wrong type, missing or extra attribute). */
function keyArb(table: TableSpec, invalid: boolean): fc.Arbitrary<Item> {
  const good = fc
    .tuple(keyValueArb(table.hash.type, 3), table.range ? keyValueArb(table.range.type, 5) : fc.constant(undefined))
    .map(([h, r]): Item => (table.range && r ? { [table.hash.name]: h, [table.range.name]: r } : { [table.hash.name]: h }));
  const bad = fc.oneof(
    fc.tuple(good, wrongKeyValueArb(table.hash.type)).map(([key, wrong]): Item => ({ ...key, [table.hash.name]: wrong })),
    good.map((key): Item => (table.range ? { [table.hash.name]: key[table.hash.name]! } : { ...key, extra: { S: 'x' } })),
  );
  return invalid ? fc.oneof({ weight: 30, arbitrary: good }, { weight: 1, arbitrary: bad }) : good;
}

function itemArb(table: TableSpec, invalid: boolean): fc.Arbitrary<Item> {
  const indexValue = (k: KeyAttribute): fc.Arbitrary<AttributeValue | null> =>
    fc.oneof(
      // The attributes of a multi-attribute key take fewer values, so its partitions fill up.
      { weight: 12, arbitrary: keyValueArb(k.type, k.name.startsWith('m') ? 2 : 3) },
      { weight: 5, arbitrary: fc.constant(null) },
      ...(invalid ? [{ weight: 1, arbitrary: wrongKeyValueArb(k.type) }] : []),
    );
  const indexKeys = indexOnlyKeys(table);
  return fc
    .tuple(keyArb(table, invalid), fc.tuple(...indexKeys.map(indexValue)), fc.tuple(...dataNames.map(() => fc.option(dataValueArb, { freq: 3 }))))
    .map(([key, indexValues, dataValues]): Item => {
      const item: Item = { ...key };
      indexKeys.forEach((k, i) => {
        const v = indexValues[i];
        if (v != null) item[k.name] = v;
      });
      dataNames.forEach((name, i) => {
        const v = dataValues[i];
        if (v != null) item[name] = v;
      });
      return item;
    });
}

const consumedArb: fc.Arbitrary<ReturnConsumed> = fc.constantFrom<ReturnConsumed>(undefined, undefined, 'NONE', 'TOTAL', 'INDEXES');

function operationArb(tables: TableSpec[], { invalidInputs }: ScenarioOptions): fc.Arbitrary<Operation> {
  const keyArbOf = (t: TableSpec) => keyArb(t, invalidInputs);
  const itemArbOf = (t: TableSpec) => itemArb(t, invalidInputs);
  const tableIndex = fc.integer({ min: 0, max: tables.length - 1 });
  const perTable = <T>(make: (table: TableSpec, index: number) => fc.Arbitrary<T>): fc.Arbitrary<T> => tableIndex.chain((i) => make(tables[i]!, i));
  const keysOf = (t: TableSpec) => [...tableKeys(t), ...indexOnlyKeys(t)];
  const optionalCondition = (t: TableSpec) => fc.option(fc.oneof({ weight: 4, arbitrary: conditionArb(keysOf(t)) }, { weight: 1, arbitrary: notExistsArb(t.hash) }), { freq: 2 });

  const put = perTable((t, table) =>
    fc.record({ item: itemArbOf(t), condition: optionalCondition(t), returnValues: fc.constantFrom(undefined, 'NONE', 'ALL_OLD' as const), consumed: consumedArb }).map(
      ({ condition, ...rest }): Operation => ({ op: 'put', table, ...rest, ...(condition ? { condition } : {}) }),
    ),
  );
  const get = perTable((t, table) =>
    fc.record({ key: keyArbOf(t), projection: fc.option(projectionArb(keysOf(t)), { freq: 3 }), consistent: fc.boolean(), consumed: consumedArb }).map(
      ({ projection, ...rest }): Operation => ({ op: 'get', table, ...rest, ...(projection ? { projection } : {}) }),
    ),
  );
  const update = perTable((t, table) =>
    fc
      .record({
        key: keyArbOf(t),
        update: updateArb(tableKeys(t), indexOnlyKeys(t)),
        condition: optionalCondition(t),
        returnValues: fc.constantFrom(undefined, 'NONE', 'ALL_OLD', 'UPDATED_OLD', 'ALL_NEW', 'UPDATED_NEW' as const),
        returnOldOnFailure: fc.boolean(),
        consumed: consumedArb,
      })
      .map(({ condition, ...rest }): Operation => ({ op: 'update', table, ...rest, ...(condition ? { condition } : {}) })),
  );
  const del = perTable((t, table) =>
    fc
      .record({ key: keyArbOf(t), condition: optionalCondition(t), returnValues: fc.constantFrom(undefined, 'ALL_OLD' as const), returnOldOnFailure: fc.boolean(), consumed: consumedArb })
      .map(({ condition, ...rest }): Operation => ({ op: 'delete', table, ...rest, ...(condition ? { condition } : {}) })),
  );
  const query = perTable((t, table) => {
    const indexes = allIndexes(t);
    // A GSI keyed by several attributes is read more often than the others.
    const multi = indexes.findIndex((index) => index.hashes || index.ranges);
    const chosen = multi < 0 ? fc.integer({ min: -1, max: indexes.length - 1 }) : fc.oneof(fc.integer({ min: -1, max: indexes.length - 1 }), fc.constant(multi));
    return chosen.chain((i) => {
      const target = i < 0 ? { hash: t.hash, range: t.range } : indexes[i]!;
      const filterKeys = indexOnlyKeys(t);
      const multiKeys = i >= 0 && (indexes[i]!.hashes || indexes[i]!.ranges);
      return fc
        .record({
          keyCondition: multiKeys ? multiKeyConditionArb(hashKeysOf(target), rangeKeysOf(target), invalidInputs) : keyConditionArb(target.hash, target.range),
          filter: fc.option(conditionArb(filterKeys, conditionPathArb(filterKeys)), { freq: 3 }),
          projection: fc.option(projectionArb(keysOf(t)), { freq: 4 }),
          select: fc.constantFrom(undefined, undefined, undefined, 'COUNT', 'ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES' as const),
          forward: fc.boolean(),
          limit: fc.option(fc.integer({ min: 1, max: 4 })),
          consistent: fc.boolean(),
          consumed: consumedArb,
        })
        .map(({ filter, projection, select, limit, ...rest }): Operation => ({
          op: 'query',
          table,
          ...(i >= 0 ? { index: i } : {}),
          ...rest,
          ...(filter ? { filter } : {}),
          ...(projection && select === undefined ? { projection } : {}),
          ...(select ? { select } : {}),
          ...(limit === null ? {} : { limit }),
        }));
    });
  });
  const scan = perTable((t, table) =>
    fc
      .record({
        index: fc.integer({ min: -1, max: allIndexes(t).length - 1 }),
        filter: fc.option(conditionArb(keysOf(t)), { freq: 3 }),
        projection: fc.option(projectionArb(keysOf(t)), { freq: 4 }),
        limit: fc.option(fc.integer({ min: 1, max: 5 })),
        segments: fc.constantFrom(1, 1, 2, 3),
        consistent: fc.boolean(),
        consumed: consumedArb,
      })
      .map(({ index, filter, projection, limit, ...rest }): Operation => ({
        op: 'scan',
        table,
        ...(index >= 0 ? { index } : {}),
        ...rest,
        ...(filter ? { filter } : {}),
        ...(projection ? { projection } : {}),
        ...(limit === null ? {} : { limit }),
      })),
  );
  const batchWrite = fc
    .record({
      writes: fc.array(
        perTable((t, table) => fc.oneof(itemArbOf(t).map((put) => ({ table, put })), keyArbOf(t).map((key) => ({ table, delete: key })))),
        { minLength: 1, maxLength: 6 },
      ),
      consumed: consumedArb,
    })
    .map((r): Operation => ({ op: 'batchWrite', ...r }));
  const batchGet = fc
    .record({
      reads: fc.array(perTable((t, table) => keyArbOf(t).map((key) => ({ table, key }))), { minLength: 1, maxLength: 6 }),
      projection: fc.option(projectionArb([]), { freq: 4 }),
      consistent: fc.boolean(),
      consumed: consumedArb,
    })
    .map(({ projection, ...rest }): Operation => ({ op: 'batchGet', ...rest, ...(projection ? { projection } : {}) }));
  const transactAction: fc.Arbitrary<TransactAction> = perTable((t, table) => {
    const condition = fc.option(conditionArb(keysOf(t)), { freq: 2 }).map((c) => (c ? { condition: c } : {}));
    return fc.oneof(
      fc.tuple(itemArbOf(t), condition, fc.boolean()).map(([item, c, returnOldOnFailure]): TransactAction => ({ kind: 'put', table, item, ...c, returnOldOnFailure })),
      fc.tuple(keyArbOf(t), updateArb(tableKeys(t), indexOnlyKeys(t)), condition, fc.boolean()).map(([key, u, c, returnOldOnFailure]): TransactAction => ({ kind: 'update', table, key, update: u, ...c, returnOldOnFailure })),
      fc.tuple(keyArbOf(t), condition, fc.boolean()).map(([key, c, returnOldOnFailure]): TransactAction => ({ kind: 'delete', table, key, ...c, returnOldOnFailure })),
      fc.tuple(keyArbOf(t), conditionArb(keysOf(t)), fc.boolean()).map(([key, c, returnOldOnFailure]): TransactAction => ({ kind: 'check', table, key, condition: c, returnOldOnFailure })),
    );
  });
  const transactWrite = fc.record({ actions: fc.array(transactAction, { minLength: 1, maxLength: 4 }), consumed: consumedArb }).map((r): Operation => ({ op: 'transactWrite', ...r }));
  const transactGet = fc
    .record({
      reads: fc.array(perTable((t, table) => fc.tuple(keyArbOf(t), fc.option(projectionArb(keysOf(t)), { freq: 4 })).map(([key, p]) => ({ table, key, ...(p ? { projection: p } : {}) }))), {
        minLength: 1,
        maxLength: 4,
      }),
      consumed: consumedArb,
    })
    .map((r): Operation => ({ op: 'transactGet', ...r }));

  return fc.oneof(
    { weight: 8, arbitrary: put },
    { weight: 3, arbitrary: get },
    { weight: 5, arbitrary: update },
    { weight: 2, arbitrary: del },
    { weight: 4, arbitrary: query },
    { weight: 2, arbitrary: scan },
    { weight: 2, arbitrary: batchWrite },
    { weight: 2, arbitrary: batchGet },
    { weight: 3, arbitrary: transactWrite },
    { weight: 1, arbitrary: transactGet },
  );
}

export function scenarioArb(maxOperations: number, options: ScenarioOptions = { invalidInputs: true }): fc.Arbitrary<Scenario> {
  return fc
    .array(tableSpecArb, { minLength: 1, maxLength: 2 })
    .chain((tables) => fc.array(operationArb(tables, options), { minLength: 1, maxLength: maxOperations }).map((operations): Scenario => ({ tables, operations })));
}
