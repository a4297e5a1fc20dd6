import { describe, expect, it } from 'vitest';
import {
  CODEGEN_LANGUAGES,
  compileFriendly,
  DynamoError,
  generateCode,
  isReservedWord,
  parseFriendly,
  parseRequestExpressions,
  RESERVED_WORDS,
} from '@dynotable/core';
import { buildRequest } from '../../src/expressions/build-request.js';
import { DEFAULT_EXPRESSION_STATE, OPERATIONS, type ExpressionState } from '../../src/expressions/expression-state.js';
import { pickIndex } from '../../src/expressions/table-choice.js';
import { multiAttributeTickets } from '../../../core/test/support/multi-attribute-tickets.js';

const build = (fields: Partial<ExpressionState>) => buildRequest({ ...DEFAULT_EXPRESSION_STATE, ...fields });

/** What core's parser says about a text, to compare the page's problem with. */
function coreError(kind: 'key' | 'filter' | 'condition' | 'update' | 'projection', text: string): DynamoError {
  try {
    parseFriendly(kind, text);
  } catch (error) {
    if (error instanceof DynamoError) return error;
    throw error;
  }
  throw new Error(`${text} parsed`);
}

describe('buildRequest', () => {
  it('builds the example Query as compileFriendly does', () => {
    const built = build({});
    const expressions = compileFriendly({ key: DEFAULT_EXPRESSION_STATE.key, filter: DEFAULT_EXPRESSION_STATE.filter, projection: DEFAULT_EXPRESSION_STATE.projection });
    expect(built.problems).toEqual({});
    expect(built.params).toEqual({ TableName: 'TicketDesk', IndexName: 'GSI1', ...expressions });
  });

  it("puts DynamoDB's syntax error, with its token location, under the field that has it", () => {
    for (const [kind, text] of [
      ['filter', 'status = = "open"'],
      ['filter', 'priority <= 2 AND'],
      ['projection', 'title,, status'],
      ['key', 'GSI1PK = "TEAM#7" AND begins_with(GSI1SK "x")'],
    ] as const) {
      const built = build({ [kind]: text });
      const expected = coreError(kind, text);
      expect(built.problems[kind], text).toEqual({ message: expected.message, ...(expected.location ? { location: expected.location } : {}) });
      expect(built.params).toBeUndefined();
    }
    expect(build({ filter: 'status = = "open"' }).problems.filter?.location).toEqual({ offset: 9, length: 1 });
  });

  it('aliases reserved words and names that are not plain, and says why', () => {
    const built = build({ filter: 'status = "open" AND `first name` = "Ann" AND size(tags) > 1', projection: 'title, data, comment' });
    const byName = Object.fromEntries(built.aliases.map((use) => [use.name, use]));
    expect(byName['status']).toMatchObject({ alias: '#status', reason: 'reserved' });
    expect(byName['data']?.reason).toBe('reserved');
    expect(byName['comment']?.reason).toBe('reserved');
    expect(byName['first name']?.reason).toBe('characters');
    expect(byName['tags']).toBeUndefined();
    for (const use of built.aliases) expect(built.params?.ExpressionAttributeNames?.[use.alias]).toBe(use.name);
    expect(built.aliases.every((use) => use.reason !== 'reserved' || isReservedWord(use.name))).toBe(true);
    expect(RESERVED_WORDS.length).toBeGreaterThan(500);
  });

  it("flags each field's names that need an alias, also while another field is wrong", () => {
    const broken = build({ filter: 'status = "open" AND data = 1', projection: 'title,, x' });
    expect(broken.params).toBeUndefined();
    expect(broken.fieldAliases.filter?.map((use) => [use.name, use.alias, use.reason])).toEqual([
      ['status', '#status', 'reserved'],
      ['data', '#data', 'reserved'],
    ]);
    expect(broken.fieldAliases.projection).toBeUndefined();
    const fine = build({ filter: 'status = "open"', projection: 'status, title' });
    expect(fine.fieldAliases.projection).toEqual([{ name: 'status', alias: '#status', reason: 'reserved' }]);
    expect(fine.fieldAliases.key).toEqual([]);
  });

  it('checks the key condition against the key names', () => {
    const built = build({ key: 'GSI1SK = "x"' });
    expect(built.problems.key?.message).toBe('Query condition missed key schema element: GSI1PK');
    const typed = build({ partitionType: 'N', key: 'GSI1PK = "TEAM#7"' });
    expect(typed.problems.key?.message).toMatch(/type/i);
  });

  it("refuses a Query filter on a key attribute with DynamoDB's message", () => {
    expect(build({ filter: 'GSI1SK = "x"' }).problems.filter?.message).toMatch(/^Filter Expression can only contain non-primary key attributes/);
  });

  it('needs a key condition for a Query and an update for UpdateItem', () => {
    expect(build({ key: '  ' }).problems.key).toBeDefined();
    expect(build({ operation: 'UpdateItem', update: '' }).problems.update).toBeDefined();
    expect(build({ operation: 'Scan', filter: '', projection: '' }).params).toEqual({ TableName: 'TicketDesk', IndexName: 'GSI1' });
  });

  it('builds the Key from typed values and refuses values of the wrong kind', () => {
    const built = build({ operation: 'GetItem', partitionKey: 'PK', partitionValue: 'TICKET#1', sortKey: 'SK', sortType: 'N', sortValue: '007.50', projection: '' });
    expect(built.params?.Key).toEqual({ PK: { S: 'TICKET#1' }, SK: { N: '007.50' } });
    expect(build({ operation: 'GetItem', sortType: 'N', sortValue: 'abc' }).problems.sortValue?.message).toBe('A value provided cannot be converted into a number');
    expect(build({ operation: 'GetItem', partitionValue: '' }).problems.partitionValue?.message).toMatch(/cannot contain an empty string value\. Key: GSI1PK$/);
    expect(build({ operation: 'DeleteItem', partitionKey: '' }).problems.partitionKey).toBeDefined();
  });

  it("refuses an update of a key attribute with DynamoDB's message", () => {
    const built = build({ operation: 'UpdateItem', partitionKey: 'PK', sortKey: 'SK', update: 'SET SK = "x"' });
    expect(built.problems.update?.message).toMatch(/Cannot update attribute SK\. This attribute is part of the key/);
  });

  it("checks a PutItem's item for its key attributes", () => {
    const put = { operation: 'PutItem' as const, partitionKey: 'PK', sortKey: 'SK', condition: 'attribute_not_exists(PK)' };
    expect(build(put).params?.Item?.['status']).toEqual({ S: 'open' });
    expect(build({ ...put, item: '{"PK": "a"}' }).problems.item?.message).toBe('One or more parameter values were invalid: Missing the key SK in the item');
    expect(build({ ...put, item: '{"PK": "a", "SK": 1}' }).problems.item?.message).toBe('One or more parameter values were invalid: Type mismatch for key SK expected: S actual: N');
    const broken = build({ ...put, item: '{"PK": "a",, }' });
    expect(broken.problems.item?.location?.offset).toBe(11);
  });

  it("gives DynamoDB's message for a table name it refuses", () => {
    expect(build({ table: 'ab' }).problems.table?.message).toBe(
      "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
    );
    expect(build({ table: 'a b' }).problems.table?.message).toMatch(/^1 validation error detected: .*pattern: \[a-zA-Z0-9_\.-\]\+$/);
  });

  it('makes requests that parse as DynamoDB reads them and that every generator writes', () => {
    for (const operation of OPERATIONS) {
      const built = build({ operation, partitionKey: 'PK', sortKey: 'SK', partitionValue: 'TICKET#1', sortValue: 'TICKET', key: 'PK = "TICKET#1"', filter: 'status = "open"' });
      expect(built.problems, operation).toEqual({});
      const params = built.params!;
      expect(() => parseRequestExpressions(params)).not.toThrow();
      for (const language of CODEGEN_LANGUAGES) expect(generateCode({ operation, params }, language).length).toBeGreaterThan(0);
    }
  });

  describe('a Query on a multi-attribute GSI', () => {
    /** Tickets' ByStatus, picked as the table picker picks it: status (S) + priority (N), then createdAt (S) + id (S). */
    const onByStatus = (key: string, fields: Partial<ExpressionState> = {}) =>
      build({ table: 'Tickets', ...pickIndex(multiAttributeTickets(), 'ByStatus'), key, filter: 'title <> ""', ...fields });

    it('sends every key condition, and every generator writes the request', () => {
      const built = onByStatus('status = "open" AND priority = 1 AND createdAt = "2025-11-02" AND id >= "T#2"');
      expect(built.problems).toEqual({});
      expect(built.params).toMatchObject({
        TableName: 'Tickets',
        IndexName: 'ByStatus',
        KeyConditionExpression: '#status = :v0 AND priority = :v1 AND createdAt = :v2 AND id >= :v3',
        ExpressionAttributeValues: { ':v0': { S: 'open' }, ':v1': { N: '1' }, ':v2': { S: '2025-11-02' }, ':v3': { S: 'T#2' } },
      });
      for (const language of CODEGEN_LANGUAGES) expect(generateCode({ operation: 'Query', params: built.params! }, language)).toContain('priority = :v1');
    });

    it("checks the key condition with core's rule on every key attribute, in DynamoDB's words", () => {
      expect(onByStatus('status = "open" AND createdAt = "2025-11-02"').problems.key?.message).toBe('HASH key attributes priority must have equality conditions specified in the query');
      expect(onByStatus('status = "open" AND priority = "1"').problems.key?.message).toBe('One or more parameter values were invalid: Condition parameter type does not match schema type');
      expect(onByStatus('status = "open" AND priority = 1 AND id = "T#2"').problems.key?.message).toBe(
        'RANGE key attributes createdAt must have equality conditions specified in the query because a condition is present on key attribute id',
      );
      // Without the later attributes the same text is two conditions too many for a pk/sk key.
      expect(onByStatus('status = "open" AND priority = 1 AND createdAt = "2025-11-02"', { extraPartitionKeys: [], extraSortKeys: [] }).problems.key).toBeDefined();
    });

    it('keeps the filter off every key attribute', () => {
      expect(onByStatus('status = "open" AND priority = 1', { filter: 'id = "T#2"' }).problems.filter?.message).toMatch(/id/);
    });

    it('reads one attribute of each role on an operation that sends an item key', () => {
      const put = onByStatus('', { operation: 'PutItem', index: '', item: '{"status": "open", "createdAt": "2025-11-02"}', condition: '' });
      expect(put.problems).toEqual({});
    });
  });
});

