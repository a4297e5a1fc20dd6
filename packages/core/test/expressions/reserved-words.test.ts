import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS, isReservedWord, nameNeedsAlias, parseCondition, parseUpdate, printExpressions } from '@dynotable/core';

// AWS's list of DynamoDB reserved words, one a line, as published in the DynamoDB Developer Guide,
// kept in the repository so the check runs everywhere (core's list is typed separately in src).
const dataFile = fileURLToPath(new URL('./fixtures/dynamodb-reserved-words.txt', import.meta.url));

describe('reserved words', () => {
  it('has the 573 words of the AWS list, sorted and upper case', () => {
    expect(RESERVED_WORDS).toHaveLength(573);
    expect(new Set(RESERVED_WORDS).size).toBe(573);
    expect([...RESERVED_WORDS].sort()).toEqual(RESERVED_WORDS);
    expect(RESERVED_WORDS.every((w) => w === w.toUpperCase())).toBe(true);
  });

  it('matches AWS\'s published list (the fixture file) word for word', () => {
    const words = readFileSync(dataFile, 'utf8').split('\n').filter((line) => line !== '');
    expect(RESERVED_WORDS).toEqual(words);
  });

  it('looks words up case-insensitively and keeps AWS typo FLATTERN', () => {
    for (const word of ['status', 'STATUS', 'Status', 'result', 'name', 'ttl', 'FLATTERN', 'flattern', 'path']) {
      expect(isReservedWord(word)).toBe(true);
    }
    for (const word of ['id', 'ID', 'email', 'EMAIL', 'flatten2', 'statuses', 'pk']) {
      expect(isReservedWord(word)).toBe(false);
    }
  });
});

describe('SIZE', () => {
  it('is reserved, yet DynamoDB reads it as a name wherever it is not a call; the printer aliases it anyway', () => {
    expect(isReservedWord('size')).toBe(true);
    expect(() => parseCondition('attribute_exists(size) AND size(size) > :n', 'ConditionExpression', { values: { ':n': { N: '1' } } })).not.toThrow();
    const update = parseUpdate('SET Size = :v', { values: { ':v': { S: 'x' } } });
    expect(printExpressions({ update }).UpdateExpression).toBe('SET #Size = :v0');
  });
});

describe('nameNeedsAlias', () => {
  it('is false only for non-reserved [A-Za-z][A-Za-z0-9_]* names', () => {
    for (const name of ['PK', 'gameId', 'a_b', 'x1', 'email']) expect(nameNeedsAlias(name)).toBe(false);
    for (const name of ['status', 'Result', 'remove', 'Remove', 'a.b', 'a-b', 'my attr', '1st', '_a', 'größe', '', 'a#b', 'a:b']) {
      expect(nameNeedsAlias(name)).toBe(true);
    }
  });
});
