/**
 * The parser's trees for the forms DynamoDB's PartiQL takes, and its
 * refusals with DynamoDB Local's messages (the oracle test compares many
 * more on DynamoDB Local itself).
 */
import { describe, expect, it } from 'vitest';
import { DynamoError, parseStatement, printStatement } from '@dynotable/core';

const p = (name: string) => ({ kind: 'path', elements: [{ type: 'name', name }] });

function refusal(statement: string): string {
  try {
    parseStatement(statement);
  } catch (error) {
    expect(error).toBeInstanceOf(DynamoError);
    expect((error as DynamoError).name).toBe('ValidationException');
    return (error as DynamoError).message;
  }
  throw new Error(`parsed: ${statement}`);
}

describe('parseStatement', () => {
  it('reads a SELECT on an index with projection, conditions and ORDER BY', () => {
    const statement = parseStatement(
      `select a, "b"."c", d[1], e['f'] FROM "T"."idx" WHERE pk = ? AND x IS NOT MISSING AND NOT y IN (1, 'z') ORDER BY sk DESC;`,
    );
    expect(statement).toEqual({
      kind: 'select',
      projection: [
        p('a'),
        { kind: 'path', elements: [{ type: 'name', name: 'b' }, { type: 'name', name: 'c' }] },
        { kind: 'path', elements: [{ type: 'name', name: 'd' }, { type: 'index', index: 1 }] },
        { kind: 'path', elements: [{ type: 'name', name: 'e' }, { type: 'name', name: 'f' }] },
      ],
      target: { table: 'T', index: 'idx' },
      where: {
        kind: 'and',
        left: {
          kind: 'and',
          left: { kind: 'compare', operator: '=', left: p('pk'), right: { kind: 'parameter', index: 0 } },
          right: { kind: 'is', operand: p('x'), test: 'MISSING', negated: true },
        },
        right: {
          kind: 'not',
          operand: { kind: 'in', operand: p('y'), list: [{ kind: 'value', value: { N: '1' } }, { kind: 'value', value: { S: 'z' } }] },
        },
      },
      orderBy: [{ path: p('sk'), direction: 'DESC' }],
    });
  });

  it('numbers become canonical; != is <>; x NOT IN is NOT over IN', () => {
    const statement = parseStatement(`SELECT * FROM t WHERE a != 1.50E2 AND b NOT IN [.5]`);
    expect(printStatement(statement)).toBe('SELECT * FROM t WHERE a <> 150 AND NOT b IN (0.5)');
  });

  it('reads INSERT with nested literals and parameters numbered left to right', () => {
    const statement = parseStatement(`INSERT INTO t VALUE {'pk': ?, 'l': [1, TRUE, NULL], 'm': {'it''s': 2}, 's': <<'a', 'b'>>, 'sk': ?}`);
    expect(statement).toEqual({
      kind: 'insert',
      target: { table: 't' },
      item: {
        kind: 'map',
        entries: [
          { key: 'pk', value: { kind: 'parameter', index: 0 } },
          { key: 'l', value: { kind: 'list', items: [{ kind: 'value', value: { N: '1' } }, { kind: 'value', value: { BOOL: true } }, { kind: 'value', value: { NULL: true } }] } },
          { key: 'm', value: { kind: 'map', entries: [{ key: "it's", value: { kind: 'value', value: { N: '2' } } }] } },
          { key: 's', value: { kind: 'set', items: [{ kind: 'value', value: { S: 'a' } }, { kind: 'value', value: { S: 'b' } }] } },
          { key: 'sk', value: { kind: 'parameter', index: 1 } },
        ],
      },
    });
  });

  it('reads UPDATE clauses in the order written, and RETURNING', () => {
    const statement = parseStatement(`UPDATE t SET a = a + 1, b = set_add(b, <<1>>) REMOVE c SET d = list_append(d, [2]) WHERE pk = 'k' RETURNING MODIFIED OLD *`);
    expect(statement.kind === 'update' && statement.clauses.map((c) => c.kind)).toEqual(['set', 'remove', 'set']);
    expect(statement.kind === 'update' && statement.returning).toBe('MODIFIED OLD');
  });

  it('refuses a syntax error by quoting the statement', () => {
    for (const text of ['SELECT FROM t', 'SELECT * FROM t WHERE', `SELECT * FROM t WHERE a == 1`, 'SELECT value FROM t', `INSERT INTO t VALUES {'a': 1}`]) {
      expect(refusal(text)).toBe(`Statement wasn't well formed, can't be processed: ${text}`);
    }
  });

  it('refuses what DynamoDB does not support, by name', () => {
    expect(refusal(`SELECT * FROM t WHERE upper(a) = 'A'`)).toBe('Unrecognized function: upper');
    expect(refusal(`SELECT * FROM t WHERE begins_with(a)`)).toBe(
      'Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: 1',
    );
    expect(refusal(`SELECT * FROM t WHERE a = 1 + 2`)).toBe('Unsupported operator in Condition Expression. Operator: +');
    expect(refusal(`SELECT * FROM t WHERE a LIKE 'x%'`)).toBe('Unsupported operator in Condition Expression. Operator: like');
    expect(refusal(`SELECT * FROM t WHERE a = MISSING`)).toBe('MISSING must be compared using IS operator');
    expect(refusal('SELECT * FROM t LIMIT 5')).toBe('Unsupported clause: LIMIT at 1:23:1');
    expect(refusal('SELECT * FROM t AS x')).toBe('Aliasing is not supported');
    expect(refusal('SELECT DISTINCT a FROM t')).toBe('Unsupported token in expression: DISTINCT');
    expect(refusal('SELECT a.* FROM t')).toBe("Changing item's hierarchy while reading isn't supported");
    expect(refusal('SELECT a, a FROM t')).toBe('Duplicate identifiers in select clause: a');
    expect(refusal('SELECT * FROM t ORDER BY sk')).toBe('Must have WHERE clause in the statement when using ORDER BY clause.');
    expect(refusal(`UPDATE t SET a = size(b) WHERE pk = 'k'`)).toBe('The function is not allowed in an update expression; function: size');
    expect(refusal(`UPDATE t."i" SET a = 1 WHERE pk = 'k'`)).toBe('This operation is not supported on an index');
    expect(refusal(`DELETE FROM t WHERE pk = 'k' RETURNING ALL NEW *`)).toBe(
      'Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in DELETE statements.',
    );
    expect(refusal(`INSERT INTO t VALUE {'a': 1} RETURNING ALL OLD *`)).toBe('RETURNING is not supported in INSERT');
    expect(refusal(`INSERT INTO t."i" VALUE {'a': 1}`)).toBe('FROM clause may only contain a single table name in data manipulation statements');
  });

  it('refuses bad literals with DynamoDB messages and positions', () => {
    expect(refusal(`SELECT * FROM t WHERE a = <<>>`)).toBe('Empty bags are not supported at 1:27:2');
    expect(refusal(`SELECT * FROM t WHERE a = <<1, 'a'>>`)).toBe('Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags');
    expect(refusal(`SELECT * FROM t WHERE a = <<?>>`)).toBe('Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags at 1:29:1');
    expect(refusal(`SELECT * FROM t WHERE a = <<1, 1.0>>`)).toBe('Input collection contains duplicates');
    expect(refusal(`SELECT * FROM t WHERE a = {'k': 1, 'k': 2}`)).toBe('Duplicate keys in tuple. Key: k under root at 1:27:1');
    expect(refusal(`SELECT * FROM t WHERE a = {k: 1}`)).toBe('Tuple keys must be of type String. Actual type: VariableReference under root at 1:28:1');
    expect(refusal(`SELECT * FROM t WHERE a = 123456789012345678901234567890123456789`)).toBe('DynamoDB only supports precision up to 38 digits');
    expect(refusal(`SELECT * FROM t WHERE a = 1e200`)).toBe('Number overflow. Attempting to store a number with magnitude larger than supported range');
    expect(refusal(`SELECT * FROM t WHERE a[-1] = 1`)).toBe('List index is not within the allowable range; index: [-1] at 1:26:1');
    expect(refusal(`INSERT INTO t VALUE [1]`)).toBe(
      'Unsupported format in item expression. Please use struct format {...} to express item values for insert statement. at 1:21:1',
    );
    expect(refusal(`INSERT INTO t VALUE {'a': x}`)).toBe('Unsupported data type: x under key root at 1:27:1');
    // Parameters stand only outside list and map literals (an INSERT's item aside).
    expect(refusal(`SELECT * FROM t WHERE a = {'b': [1, ?]}`)).toBe('Unsupported data type: Parameter under key root.b.1 at 1:37:1');
    expect(refusal(`INSERT INTO t VALUE {'m': {'a': ?}}`)).toBe('Unsupported data type: Parameter under key root.a at 1:33:1');
    expect(refusal(`SELECT * FROM t WHERE a = {'': 1}`)).toBe('Path component cannot be an empty string');
    expect(refusal(`UPDATE t REMOVE a, b WHERE pk = 'k'`)).toBe(`Statement wasn't well formed, can't be processed: UPDATE t REMOVE a, b WHERE pk = 'k'`);
  });

  it('positions count lines and columns', () => {
    expect(refusal('SELECT *\nFROM t\n  LIMIT 5')).toBe('Unsupported clause: LIMIT at 3:9:1');
  });
});

describe('printStatement', () => {
  it('quotes names only where it must, and doubles quotes', () => {
    const statement = parseStatement(`SELECT "value", "a b", "x""y", status FROM "my-table" WHERE "size" = 'it''s'`);
    expect(printStatement(statement)).toBe(`SELECT "value", "a b", "x""y", status FROM "my-table" WHERE "size" = 'it''s'`);
  });
});
