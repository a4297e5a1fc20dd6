/**
 * Random PartiQL statements over one small table, with every value passed as
 * a `?` parameter from the differential pools (so binary keys and any data
 * value appear), keys from small pools so statements meet the same items:
 * INSERTs that collide, UPDATEs and DELETEs of items present and missing,
 * single-item SELECTs, Queries with and without filters, Scans, and batches
 * and transactions of them.
 */
import fc from 'fast-check';
import type { AttributeValue } from '@dynotable/core';
import { comparableValueArb, dataValueArb, keyValueArb } from './pools.js';
import type { ScalarType } from './scenario.js';

export interface PartiqlTable {
  hashType: ScalarType;
  /** The sort key's type; undefined for a table with a partition key only. */
  rangeType?: ScalarType | undefined;
}

export interface Statement {
  text: string;
  parameters: AttributeValue[];
}

export type PartiqlStep =
  | { kind: 'statement'; statement: Statement; limit?: number | undefined; returnOld: boolean }
  | { kind: 'batch'; statements: Statement[] }
  | { kind: 'transaction'; statements: Statement[] };

export const partiqlTableArb: fc.Arbitrary<PartiqlTable> = fc.record({
  hashType: fc.constantFrom<ScalarType>('S', 'N', 'B'),
  rangeType: fc.option(fc.constantFrom<ScalarType>('S', 'N'), { nil: undefined }),
});

/** `pk = ? AND sk = ?` and its parameters. */
function fullKeyArb(table: PartiqlTable): fc.Arbitrary<Statement> {
  const hash = keyValueArb(table.hashType, 3);
  if (table.rangeType === undefined) return hash.map((pk) => ({ text: 'pk = ?', parameters: [pk] }));
  return fc.tuple(hash, keyValueArb(table.rangeType, 3)).map(([pk, sk]) => ({ text: 'pk = ? AND sk = ?', parameters: [pk, sk] }));
}

const conditionArb: fc.Arbitrary<Statement> = fc.oneof(
  comparableValueArb.map((value) => ({ text: 'a = ?', parameters: [value] })),
  comparableValueArb.map((value) => ({ text: 'a > ?', parameters: [value] })),
  fc.constant<Statement>({ text: 'attribute_exists(b)', parameters: [] }),
  fc.constant<Statement>({ text: 'a IS MISSING', parameters: [] }),
  // Not `IS NOT <type>`: DynamoDB Local fails a negated filter under ORDER BY … DESC (InternalFailure).
  fc.constantFrom('STRING', 'NUMERIC', 'LIST', 'STRUCT', 'TUPLE', 'BOOLEAN', 'BLOB').map((type) => ({ text: `a IS ${type}`, parameters: [] })),
);

function join(...parts: (Statement | string | null)[]): Statement {
  const present = parts.filter((part): part is Statement | string => part !== null);
  return {
    text: present.map((part) => (typeof part === 'string' ? part : part.text)).join(' '),
    parameters: present.flatMap((part) => (typeof part === 'string' ? [] : part.parameters)),
  };
}

function withCondition(key: Statement, condition: Statement | null): Statement {
  return condition === null ? key : join(key, 'AND', condition);
}

function writeArb(name: string, table: PartiqlTable): fc.Arbitrary<Statement> {
  const key = fullKeyArb(table);
  const condition = fc.option(conditionArb, { freq: 3 });
  const insert = fc.tuple(key, dataValueArb, fc.option(dataValueArb, { freq: 2 })).map(([k, a, b]) => ({
    text: `INSERT INTO "${name}" VALUE {'pk': ?${table.rangeType ? ", 'sk': ?" : ''}, 'a': ?${b === null ? '' : ", 'b': ?"}}`,
    parameters: [...k.parameters, a, ...(b === null ? [] : [b])],
  }));
  const update = fc.tuple(key, dataValueArb, condition, fc.constantFrom('', ' RETURNING ALL OLD *', ' RETURNING MODIFIED NEW *')).map(([k, a, c, returning]) => {
    const statement = join({ text: `UPDATE "${name}" SET a = ? WHERE`, parameters: [a] }, withCondition(k, c));
    return { ...statement, text: statement.text + returning };
  });
  const remove = fc.tuple(key, condition).map(([k, c]) => join(`UPDATE "${name}" REMOVE b WHERE`, withCondition(k, c)));
  const del = fc.tuple(key, condition, fc.boolean()).map(([k, c, returning]) => {
    const statement = join(`DELETE FROM "${name}" WHERE`, withCondition(k, c));
    return { ...statement, text: statement.text + (returning ? ' RETURNING ALL OLD *' : '') };
  });
  return fc.oneof({ weight: 4, arbitrary: insert }, { weight: 3, arbitrary: update }, { weight: 1, arbitrary: remove }, { weight: 2, arbitrary: del });
}

function getArb(name: string, table: PartiqlTable): fc.Arbitrary<Statement> {
  return fc.tuple(fc.constantFrom('*', 'a', 'pk, b'), fullKeyArb(table)).map(([list, key]) => join(`SELECT ${list} FROM "${name}" WHERE`, key));
}

/** A SELECT: one item, a Query of a partition (a sort key range, a filter, DESC), or a Scan. */
function selectArb(name: string, table: PartiqlTable): fc.Arbitrary<Statement> {
  const partition = keyValueArb(table.hashType, 3).map((pk) => ({ text: 'pk = ?', parameters: [pk] }));
  const sortRange = table.rangeType === undefined ? fc.constant(null) : fc.option(keyValueArb(table.rangeType, 4).map((sk) => ({ text: 'sk >= ?', parameters: [sk] })));
  const query = fc
    .tuple(partition, sortRange, fc.option(conditionArb), fc.boolean())
    .map(([p, range, filter, descending]) =>
      join(
        `SELECT * FROM "${name}" WHERE`,
        p,
        range === null ? null : 'AND',
        range,
        filter === null ? null : 'AND',
        filter,
        descending && table.rangeType !== undefined ? 'ORDER BY sk DESC' : null,
      ),
    );
  const scan = fc.option(conditionArb).map((filter) => join(`SELECT * FROM "${name}"`, filter === null ? null : 'WHERE', filter));
  return fc.oneof({ weight: 2, arbitrary: getArb(name, table) }, { weight: 3, arbitrary: query }, { weight: 1, arbitrary: scan });
}

export function stepArb(name: string, table: PartiqlTable): fc.Arbitrary<PartiqlStep> {
  const write = writeArb(name, table);
  const single = fc.record({
    kind: fc.constant('statement' as const),
    statement: fc.oneof({ weight: 3, arbitrary: write }, { weight: 2, arbitrary: selectArb(name, table) }),
    limit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined, freq: 2 }),
    returnOld: fc.boolean(),
  });
  const batch = fc.record({
    kind: fc.constant('batch' as const),
    statements: fc.oneof(fc.array(write, { minLength: 1, maxLength: 4 }), fc.array(getArb(name, table), { minLength: 1, maxLength: 4 })),
  });
  const transaction = fc.record({
    kind: fc.constant('transaction' as const),
    statements: fc.oneof(
      fc.array(write.filter((s) => !s.text.includes('RETURNING')), { minLength: 1, maxLength: 4 }),
      fc.array(getArb(name, table), { minLength: 1, maxLength: 3 }),
    ),
  });
  return fc.oneof({ weight: 6, arbitrary: single }, { weight: 1, arbitrary: batch }, { weight: 1, arbitrary: transaction });
}
