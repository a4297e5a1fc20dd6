/** Lambda's filter pattern grammar on DynamoDB stream records: each matcher, and patterns refused with the field named. */
import { describe, expect, it } from 'vitest';
import { compileFilterPattern, recordFilter } from '../../src/triggers/filter-patterns.js';

const record = {
  eventName: 'MODIFY',
  eventSource: 'aws:dynamodb',
  dynamodb: {
    Keys: { pk: { S: 'ORDER#17' }, sk: { S: 'LINE#2' } },
    NewImage: { pk: { S: 'ORDER#17' }, status: { S: 'Shipped' }, total: { N: '42.5' }, gift: { BOOL: true }, note: { NULL: true }, tags: { SS: ['a', 'rush'] } },
    SizeBytes: 120,
  },
};

const matches = (pattern: unknown) => compileFilterPattern(JSON.stringify(pattern))(record);
const image = (fields: unknown) => ({ dynamodb: { NewImage: fields } });

describe('a filter pattern', () => {
  it('matches exact values, any of a list, and every key at once', () => {
    expect(matches({ eventName: ['MODIFY'] })).toBe(true);
    expect(matches({ eventName: ['INSERT', 'MODIFY'] })).toBe(true);
    expect(matches({ eventName: ['INSERT'] })).toBe(false);
    expect(matches({ eventName: ['MODIFY'], eventSource: ['aws:other'] })).toBe(false);
    expect(matches(image({ status: { S: ['Shipped'] } }))).toBe(true);
    expect(matches(image({ status: { S: ['shipped'] } }))).toBe(false);
  });

  it('compares a DynamoDB number as the string it is in the record', () => {
    expect(matches(image({ total: { N: ['42.5'] } }))).toBe(true);
    expect(matches(image({ total: { N: [42.5] } }))).toBe(false);
    expect(matches(image({ total: { N: [{ numeric: ['>', 0] }] } }))).toBe(false);
    expect(matches({ dynamodb: { SizeBytes: [{ numeric: ['>', 100, '<=', 120] }] } })).toBe(true);
    expect(matches({ dynamodb: { SizeBytes: [{ numeric: ['=', 121] }] } })).toBe(false);
    expect(matches({ dynamodb: { SizeBytes: [120] } })).toBe(true);
  });

  it('matches booleans and null as JSON values', () => {
    expect(matches(image({ gift: { BOOL: [true] } }))).toBe(true);
    expect(matches(image({ gift: { BOOL: [false] } }))).toBe(false);
    expect(matches(image({ note: { NULL: [true] } }))).toBe(true);
  });

  it('prefix, suffix and equals-ignore-case match strings', () => {
    expect(matches({ dynamodb: { Keys: { pk: { S: [{ prefix: 'ORDER#' }] } } } })).toBe(true);
    expect(matches({ dynamodb: { Keys: { pk: { S: [{ prefix: 'USER#' }] } } } })).toBe(false);
    expect(matches({ dynamodb: { Keys: { sk: { S: [{ suffix: '#2' }] } } } })).toBe(true);
    expect(matches(image({ status: { S: [{ 'equals-ignore-case': 'SHIPPED' }] } }))).toBe(true);
  });

  it('anything-but refuses the values (or a prefix) it names, and needs the field present', () => {
    expect(matches({ eventName: [{ 'anything-but': 'REMOVE' }] })).toBe(true);
    expect(matches({ eventName: [{ 'anything-but': ['MODIFY', 'REMOVE'] }] })).toBe(false);
    expect(matches({ dynamodb: { Keys: { pk: { S: [{ 'anything-but': { prefix: 'ORDER#' } }] } } } })).toBe(false);
    expect(matches(image({ missing: { S: [{ 'anything-but': 'x' }] } }))).toBe(false);
  });

  it('exists: true for a present leaf only, false for an absent field only', () => {
    expect(matches(image({ status: { S: [{ exists: true }] } }))).toBe(true);
    expect(matches(image({ missing: { S: [{ exists: true }] } }))).toBe(false);
    expect(matches(image({ missing: [{ exists: false }] }))).toBe(true);
    expect(matches(image({ status: [{ exists: false }] }))).toBe(false);
    // A map is not a leaf.
    expect(matches(image({ status: [{ exists: true }] }))).toBe(false);
  });

  it('matches a list when one element matches', () => {
    expect(matches(image({ tags: { SS: ['rush'] } }))).toBe(true);
    expect(matches(image({ tags: { SS: [{ prefix: 'ru' }] } }))).toBe(true);
    expect(matches(image({ tags: { SS: ['slow'] } }))).toBe(false);
  });

  it('$or matches when one of its patterns does, at any level', () => {
    expect(matches({ $or: [{ eventName: ['INSERT'] }, image({ status: { S: ['Shipped'] } })] })).toBe(true);
    expect(matches({ dynamodb: { $or: [{ Keys: { pk: { S: ['nope'] } } }, { SizeBytes: [1] }] } })).toBe(false);
  });

  it('several patterns: a record matching any is let through; none lets everything through', () => {
    const filter = recordFilter(['{"eventName":["INSERT"]}', '{"eventName":["MODIFY"]}']);
    expect(filter(record)).toBe(true);
    expect(filter({ eventName: 'REMOVE' })).toBe(false);
    expect(recordFilter([])({ eventName: 'REMOVE' })).toBe(true);
  });
});

describe('a broken pattern is refused, naming it and the field at fault', () => {
  const refusal = (text: string, index = 0) => {
    try {
      compileFilterPattern(text, index);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it.each([
    ['{"eventName":', 'filter pattern 1 is not JSON'],
    ['["INSERT"]', 'filter pattern 1 must be a JSON object'],
    ['{"eventName":"INSERT"}', 'filter pattern 1, at eventName: each field takes a list of matchers or a nested pattern'],
    ['{"eventName":[]}', 'filter pattern 1, at eventName: a list of matchers must not be empty'],
    ['{"dynamodb":{"SizeBytes":[{"numeric":[">","1"]}]}}', 'filter pattern 1, at dynamodb.SizeBytes: "numeric" compares with numbers'],
    ['{"dynamodb":{"SizeBytes":[{"numeric":["!=",1]}]}}', 'filter pattern 1, at dynamodb.SizeBytes: "numeric" operators are'],
    ['{"eventName":[{"wildcard":"*"}]}', 'filter pattern 1, at eventName: unknown operator "wildcard"'],
    ['{"eventName":[{"prefix":"a","suffix":"b"}]}', 'filter pattern 1, at eventName: a matcher object has exactly one operator'],
    ['{"eventName":[{"exists":"yes"}]}', 'filter pattern 1, at eventName: "exists" takes true or false'],
    ['{"$or":[{"eventName":["A"]}]}', 'filter pattern 1, at $or: "$or" takes a list of at least two patterns'],
  ])('%s', (text, message) => {
    expect(refusal(text)).toContain(message);
  });

  it('counts patterns from 1', () => {
    expect(refusal('{}x', 2)).toContain('filter pattern 3 is not JSON');
  });
});
