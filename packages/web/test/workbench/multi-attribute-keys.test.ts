/** The query panel on a GSI with a multi-attribute key: its fields, their checks, the request, "Use fields" and the pane URL. */
import { describe, expect, it } from 'vitest';
import type { DynamoTableDescription } from '../../src/api/types.js';
import { keyFieldsFromText } from '../../src/workbench/key-fields-from-text.js';
import { decodePanes, encodePanes } from '../../src/workbench/pane-url.js';
import { prefixBoundTrapOf } from '../../src/workbench/prefix-bound-fix.js';
import { buildRead } from '../../src/workbench/query-request.js';
import { DEFAULT_QUERY_STATE, type QueryState } from '../../src/workbench/query-state.js';
import { findTarget, hasMultiAttributeKey, queryTargets, targetLabel } from '../../src/workbench/table-indexes.js';
import { multiAttributeTickets } from '../../../core/test/support/multi-attribute-tickets.js';
import { LEADERBOARD } from './fixtures.js';

const TICKETS: DynamoTableDescription = multiAttributeTickets();

const targets = queryTargets(TICKETS);
const byStatus = findTarget(targets, 'ByStatus');
const query = (fields: Partial<QueryState>): QueryState => ({ ...DEFAULT_QUERY_STATE, mode: 'query', indexName: 'ByStatus', ...fields });
const build = (fields: Partial<QueryState>) => buildRead(query(fields), 'Tickets', byStatus);
const full = { partitionValue: 'open', extraPartitionValues: ['2'], sortOperator: '>' as const, sortValue: '2025-11-01', extraSortValues: ['T#9'] };

describe('the index picker', () => {
  it('lists every key attribute of a multi-attribute GSI in order, each with its type', () => {
    expect(byStatus.partitionKeys).toEqual([
      { name: 'status', type: 'S' },
      { name: 'priority', type: 'N' },
    ]);
    expect(byStatus.sortKeys.map((key) => key.name)).toEqual(['createdAt', 'id']);
    expect(byStatus.partitionKey).toEqual({ name: 'status', type: 'S' });
    expect(byStatus.sortKey).toEqual({ name: 'createdAt', type: 'S' });
    expect(hasMultiAttributeKey(byStatus)).toBe(true);
    expect(targetLabel(byStatus)).toBe('GSI ByStatus (status + priority, createdAt + id; ALL)');
  });

  it('reads one-attribute keys as before', () => {
    const gsi = findTarget(queryTargets(LEADERBOARD), 'by-score');
    expect(hasMultiAttributeKey(gsi)).toBe(false);
    expect(gsi.partitionKeys).toEqual([gsi.partitionKey]);
    expect(gsi.sortKeys).toEqual([gsi.sortKey]);
    expect(targetLabel(gsi)).toBe('GSI by-score (game, score; KEYS_ONLY)');
  });
});

describe('the key fields of a multi-attribute GSI', () => {
  it('build the whole KeyConditionExpression: = on every partition attribute and the sort prefix, the operator on the last one given', () => {
    const built = build(full);
    expect(built.errors).toEqual({});
    expect(built.body?.key).toBe('status = "open" AND priority = 2 AND createdAt = "2025-11-01" AND id > "T#9"');
    expect(built.params).toMatchObject({
      IndexName: 'ByStatus',
      // status is a reserved word: it takes a name placeholder.
      KeyConditionExpression: '#status = :v0 AND priority = :v1 AND createdAt = :v2 AND id > :v3',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':v0': { S: 'open' }, ':v1': { N: '2' }, ':v2': { S: '2025-11-01' }, ':v3': { S: 'T#9' } },
    });
  });

  it('put the operator on the first sort attribute when the later ones are empty', () => {
    expect(build({ ...full, sortOperator: 'begins_with', sortValue: '2025-11', extraSortValues: [''] }).body?.key).toBe('status = "open" AND priority = 2 AND begins_with(createdAt, "2025-11")');
    expect(build({ ...full, sortOperator: 'BETWEEN', extraSortValues: ['A'], sortValue2: 'M' }).body?.key).toBe(
      'status = "open" AND priority = 2 AND createdAt = "2025-11-01" AND id BETWEEN "A" AND "M"',
    );
  });

  it('leave the sort key out when its condition is "any"', () => {
    expect(build({ ...full, sortOperator: 'none' }).body?.key).toBe('status = "open" AND priority = 2');
  });

  it('need every partition attribute, naming the one left empty', () => {
    const built = build({ ...full, extraPartitionValues: [] });
    expect(built.errors.partition?.message).toBe('Give priority: every partition key attribute needs a value');
    expect(built.keyFieldAt).toEqual({ partition: 1 });
    expect(built.body).toBeUndefined();
    expect(build({ ...full, partitionValue: '' }).errors.partition?.message).toBe('Give status: every partition key attribute needs a value');
  });

  it('refuse a sort attribute left empty before one that is given', () => {
    const built = build({ ...full, sortValue: '' });
    expect(built.errors.sort?.message).toBe('Give createdAt: sort key attributes are matched left to right, so id needs createdAt too');
    expect(built.keyFieldAt).toEqual({ sort: 0 });
  });

  it('need a sort value once an operator is chosen', () => {
    expect(build({ ...full, sortValue: '', extraSortValues: [] }).errors.sort?.message).toBe('Give createdAt: the sort key condition needs a value');
  });

  it('check each value against its own attribute type', () => {
    const built = build({ ...full, extraPartitionValues: ['high'] });
    expect(built.errors.partition?.message).toMatch(/number/i);
    expect(built.keyFieldAt).toEqual({ partition: 1 });
  });

  it('keep every key attribute out of the filter', () => {
    expect(build({ ...full, filterMode: 'text', filterText: 'priority > 1' }).errors.filter?.message).toBe(
      'Filter Expression can only contain non-primary key attributes: Primary key attribute: priority',
    );
    expect(build({ ...full, filterMode: 'text', filterText: 'id = "x"' }).errors.filter?.message).toMatch(/Primary key attribute: id/);
  });

  it('do not look for the day-window trap, which speaks of one sort attribute', () => {
    expect(prefixBoundTrapOf('status = "open" AND priority = 2 AND createdAt <= "2025-11-01"', byStatus)).toBeUndefined();
  });
});

describe('a key condition typed for a multi-attribute GSI', () => {
  const typed = (keyText: string, fields: Partial<QueryState> = {}) => build({ keyMode: 'text', keyText, ...fields });

  it('is accepted with every partition attribute and a prefix of the sort attributes, in any order', () => {
    expect(typed('priority = 2 AND status = "open" AND createdAt = "2025" AND id >= "T"').errors).toEqual({});
    expect(typed('status = "open" AND priority = 2').errors).toEqual({});
    expect(typed('#s = :s AND #p = :p AND createdAt < :c', { placeholderNames: '{"#s": "status", "#p": "priority"}', placeholderValues: '{":s": {"S": "open"}, ":p": {"N": "2"}, ":c": {"S": "2026"}}' }).body?.key).toBe(
      'status = "open" AND priority = 2 AND createdAt < "2026"',
    );
  });

  it('is refused without every partition attribute', () => {
    expect(typed('status = "open" AND createdAt = "2025"').errors.key?.message).toBe('HASH key attributes priority must have equality conditions specified in the query');
  });

  it('is refused when a sort attribute is skipped or a range condition is not on the last one', () => {
    expect(typed('status = "open" AND priority = 2 AND id = "T"').errors.key?.message).toBe(
      'RANGE key attributes createdAt must have equality conditions specified in the query because a condition is present on key attribute id',
    );
    expect(typed('status = "open" AND priority = 2 AND createdAt > "2025" AND id = "T"').errors.key?.message).toBe(
      'RANGE key attributes createdAt must have equality conditions specified in the query because a condition is present on key attribute id',
    );
  });

  it("is refused in DynamoDB's words for what any key condition refuses", () => {
    expect(typed('status = "open" AND priority > 2').errors.key?.message).toBe('HASH key attributes priority must have equality conditions specified in the query');
    expect(typed('status = "open" AND priority = "2"').errors.key?.message).toBe('One or more parameter values were invalid: Condition parameter type does not match schema type');
    expect(typed('status = "open" AND priority = 2 AND priority = 3').errors.key?.message).toBe('KeyConditionExpressions must only contain one condition per key');
    expect(typed('status = "open" OR priority = 2').errors.key?.message).toBe('Invalid operator used in KeyConditionExpression: OR');
    expect(typed('status = "open" AND priority = 2 AND pk = "x"').errors.key?.message).toBe('Query condition missed key schema element: createdAt');
  });
});

describe('"Use fields" on a multi-attribute GSI', () => {
  const fields = (keyText: string, extra: Partial<QueryState> = {}) => keyFieldsFromText(query({ keyMode: 'text', keyText, ...extra }), byStatus);

  it('spreads the condition over one field per attribute, and the fields ask for the same keys', () => {
    const answer = fields('id BETWEEN "A" AND "M" AND priority = 2 AND createdAt = "2025" AND status = "open"');
    expect(answer).toEqual({
      ok: true,
      patch: { keyMode: 'fields', partitionValue: 'open', extraPartitionValues: ['2'], sortOperator: 'BETWEEN', sortValue: '2025', extraSortValues: ['A'], sortValue2: 'M' },
    });
    if (!answer.ok) return;
    expect(build(answer.patch).body?.key).toBe('status = "open" AND priority = 2 AND createdAt = "2025" AND id BETWEEN "A" AND "M"');
  });

  it('fills the partition fields alone when no sort attribute is given', () => {
    expect(fields('status = :s AND priority = :p', { placeholderValues: '{":s": {"S": "open"}, ":p": {"N": "7"}}' })).toMatchObject({
      ok: true,
      patch: { partitionValue: 'open', extraPartitionValues: ['7'], sortOperator: 'none', sortValue: '', extraSortValues: [] },
    });
  });

  it('keeps the text, saying why, when the fields cannot hold it', () => {
    const answer = fields('status = "open" AND priority = 2 AND id = "T"');
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.reason).toMatch(/^The fields cannot hold this key condition: RANGE key attributes createdAt must have equality conditions/);
    expect(answer.reason).toMatch(/status \+ priority each = a value, and createdAt \+ id left to right; the text is kept\.$/);
  });
});

describe('a multi-attribute pane in the URL', () => {
  it('keeps every key field', () => {
    const pane = query({ ...full, sortValue2: 'Z' });
    expect(decodePanes(encodePanes([pane]))).toEqual([pane]);
  });

  it('reads key value lists that are not lists of strings as none, and keeps at most three', () => {
    const encoded = encodePanes([query({ extraPartitionValues: ['a', 'b', 'c'] })]);
    const raw = JSON.parse(atob(encoded.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>[];
    raw[0]!['extraPartitionValues'] = ['a', 'b', 'c', 'd'];
    raw[0]!['extraSortValues'] = [1, 'x'];
    const reencoded = btoa(JSON.stringify(raw)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const [decoded] = decodePanes(reencoded)!;
    expect(decoded!.extraPartitionValues).toEqual(['a', 'b', 'c']);
    expect(decoded!.extraSortValues).toEqual([]);
  });
});
