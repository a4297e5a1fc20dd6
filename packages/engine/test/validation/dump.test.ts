/** How structures are printed inside framework messages: as DynamoDB's Java service prints them. */
import { describe, expect, it } from 'vitest';
import { javaText, keySchemaText, objectListText, objectText } from '../../src/validation/dump.js';

describe('structure dumps', () => {
  it('prints a KeySchema as KeySchemaElement(attributeName=…, keyType=…) elements', () => {
    const schema = [
      { AttributeName: 'a', KeyType: 'HASH' },
      { KeyType: 'RANGE', AttributeName: 'b' },
    ];
    expect(keySchemaText(schema)).toBe('[KeySchemaElement(attributeName=a, keyType=HASH), KeySchemaElement(attributeName=b, keyType=RANGE)]');
    expect(keySchemaText([{ AttributeName: 'a' }])).toBe('[KeySchemaElement(attributeName=a, keyType=null)]');
  });

  it('prints maps as {k=v} and lists as [a, b], never [object Object]', () => {
    expect(javaText({ T: [{ a: '1' }, 'x', 2, true, null] })).toBe('{T=[{a=1}, x, 2, true, null]}');
    expect(javaText(JSON.parse('{"toString":1,"valueOf":{}}'))).toBe('{toString=1, valueOf={}}');
  });

  it('elides structure past a few levels, so hostile nesting cannot recurse without end', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const text = javaText(deep);
    expect(text.length).toBeLessThan(100);
    expect(text).toContain('…');
  });

  it('prints a structure without a text form as its class and a hash of its content', () => {
    const request = { PutRequest: { Item: { pk: { S: 'a' } } } };
    const printed = objectText('WriteRequest', request);
    expect(printed).toMatch(/^com\.amazonaws\.dynamodb\.v20120810\.WriteRequest@[0-9a-f]{1,8}$/);
    expect(objectText('WriteRequest', structuredClone(request))).toBe(printed);
    expect(objectText('WriteRequest', { PutRequest: { Item: { pk: { S: 'b' } } } })).not.toBe(printed);
    expect(objectListText('TransactGetItem', [{}, {}]).split(', ')).toHaveLength(2);
  });
});
