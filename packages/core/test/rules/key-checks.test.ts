import { describe, expect, it } from 'vitest';
import {
  checkIndexKeyAttribute,
  checkKeyAttribute,
  formatUnits,
  INVALID_PARAMETER_PREFIX,
  itemKeyProblem,
  MAX_BATCH_GET_KEYS,
  MAX_BATCH_WRITE_REQUESTS,
  MAX_ITEM_SIZE_BYTES,
  MAX_PAGE_BYTES,
  MAX_TRANSACTION_BYTES,
  MAX_TRANSACTION_ITEMS,
  resourceNameProblem,
} from '@dynotable/core';

const pk = { name: 'pk', type: 'S' } as const;
const sk = { name: 'sk', type: 'N' } as const;

describe('limits', () => {
  it('are DynamoDB’s, in binary units', () => {
    expect(MAX_ITEM_SIZE_BYTES).toBe(409_600);
    expect(MAX_BATCH_WRITE_REQUESTS).toBe(25);
    expect(MAX_BATCH_GET_KEYS).toBe(100);
    expect(MAX_TRANSACTION_ITEMS).toBe(100);
    expect(MAX_TRANSACTION_BYTES).toBe(4_194_304);
    expect(MAX_PAGE_BYTES).toBe(1_048_576);
  });
});

describe('key checks', () => {
  it('word an item’s key problems as PutItem does', () => {
    expect(itemKeyProblem({}, [pk])).toBe(`${INVALID_PARAMETER_PREFIX}Missing the key pk in the item`);
    expect(itemKeyProblem({ pk: { N: '1' } }, [pk])).toBe(`${INVALID_PARAMETER_PREFIX}Type mismatch for key pk expected: S actual: N`);
    expect(itemKeyProblem({ pk: { S: '' } }, [pk])).toBe(
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    );
    expect(itemKeyProblem({ pk: { S: 'x'.repeat(2049) } }, [pk])).toMatch(/of2048 bytes$/);
    expect(itemKeyProblem({ pk: { S: 'a' }, sk: { N: '1' } }, [pk, sk])).toBeUndefined();
  });

  it('word a Key parameter’s problems as a schema mismatch', () => {
    expect(() => checkKeyAttribute(pk, undefined, 'key')).toThrow('The provided key element does not match the schema');
    expect(() => checkKeyAttribute(pk, { N: '1' }, 'key')).toThrow('The provided key element does not match the schema');
  });

  it('leave an item without an index key out of the index, and refuse a wrong or empty one', () => {
    expect(() => checkIndexKeyAttribute(pk, undefined, 'gsi1')).not.toThrow();
    expect(() => checkIndexKeyAttribute(pk, { N: '1' }, 'gsi1')).toThrow(`${INVALID_PARAMETER_PREFIX}Type mismatch for Index Key pk Expected: S Actual: N IndexName: gsi1`);
    expect(() => checkIndexKeyAttribute(pk, { S: '' }, 'gsi1')).toThrow(
      'One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: gsi1, IndexKey: pk',
    );
  });
});

describe('resource names', () => {
  it('list every broken constraint in DynamoDB’s words', () => {
    expect(resourceNameProblem('Orders', 'tableName')).toBeUndefined();
    expect(resourceNameProblem('a!', 'tableName')).toBe(
      "2 validation errors detected: Value 'a!' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3; Value 'a!' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
    );
  });
});

describe('formatUnits', () => {
  it('shows units without float noise, with an optional word', () => {
    expect(formatUnits(0.1 + 0.2)).toBe('0.3');
    expect(formatUnits(12)).toBe('12');
    expect(formatUnits(1, 'unit')).toBe('1 unit');
    expect(formatUnits(0.5, 'read unit')).toBe('0.5 read units');
  });
});
