/**
 * The model reader (YAML, JSON, a model object, NoSQL Workbench JSON) refuses
 * hostile nesting and alias bombs with a clear problem naming the limit, before
 * anything recursive (the YAML composer, toJS, normalizeModel) reads them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { Document } from 'yaml';
import { ModelError, importModel, normalizeModel, parseModel } from '@dynotable/core';

const TOO_DEEP = /nest more than 100 levels deep; the limit is 100/;

function problemOf(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toMatch(/Maximum call stack|\n\s+at /);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

const BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
  'tables: {}',
].join('\n');

describe('YAML', () => {
  it('a billion-laughs alias bomb is a ModelError, not a crash', () => {
    expect(() => parseModel(BOMB)).toThrow(ModelError);
    expect(problemOf(() => parseModel(BOMB))).toMatch(/aliases expand to too many copies \(more than 100 expansions of an alias\)/);
  });

  it('a chain of 200 anchors, each aliasing the one before, is refused', () => {
    let text = 'a0: &a0 [x]\n';
    for (let i = 1; i < 200; i++) text += `a${i}: &a${i} [*a${i - 1}]\n`;
    expect(problemOf(() => parseModel(text))).toMatch(/aliases expand to too many copies/);
  });

  it('10,000 aliases are refused before the YAML library spends seconds resolving them', () => {
    let text = 'a0: &a0 x\n';
    for (let i = 1; i < 10_000; i++) text += `b${i}: *a0\n`;
    // Not a stopwatch: the library's alias resolution (toJS) is never reached.
    const resolve = vi.spyOn(Document.prototype, 'toJS');
    try {
      expect(problemOf(() => parseModel(text))).toContain('1002:8: YAML aliases (*name) appear more than 1000 times; the limit is 1000');
      expect(resolve).not.toHaveBeenCalled();
      // The spy does see the resolution when the aliases are few.
      problemOf(() => parseModel('a0: &a0 x\nb1: *a0\n'));
      expect(resolve).toHaveBeenCalled();
    } finally {
      resolve.mockRestore();
    }
  });

  it('100,000 flow brackets, 10,000 nested flow lists and maps, and 500 levels of blocks are refused with the limit', () => {
    const texts = [
      '['.repeat(100_000),
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{a: '.repeat(10_000) + '1' + '}'.repeat(10_000),
      Array.from({ length: 500 }, (_, i) => `${' '.repeat(i)}k:`).join('\n'),
      `${'- '.repeat(10_000)}x`,
    ];
    for (const text of texts) expect(problemOf(() => parseModel(text))).toMatch(TOO_DEEP);
  });

  it('says where: the line and column of the first level too deep', () => {
    expect(problemOf(() => parseModel('['.repeat(10_000)))).toContain('1:101: maps and lists nest more than 100 levels deep');
  });

  it('guard: the seed examples, with their anchors and nesting, still read', () => {
    for (const name of ['audit-log', 'leaderboard', 'ticket-desk']) {
      const text = readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8');
      expect(parseModel(text).tables.length).toBeGreaterThan(0);
    }
  });
});

describe('JSON', () => {
  it('10,000 nested objects and arrays in a .json model are refused with the limit', () => {
    expect(problemOf(() => parseModel('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), 'deep.json'))).toMatch(TOO_DEEP);
    expect(problemOf(() => parseModel('['.repeat(10_000) + ']'.repeat(10_000), 'deep.json'))).toMatch(TOO_DEEP);
  });

  it('a model object nested 10,000 deep is refused, with the path to where', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const message = problemOf(() => normalizeModel({ name: 'x', tables: deep }));
    expect(message).toMatch(TOO_DEEP);
    expect(message).toContain('tables[0][0]');
  });

  it('NoSQL Workbench JSON nested 10,000 deep is refused', () => {
    const text = `{"ModelName":"x","DataModel":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(problemOf(() => importModel(text, 'nosql-workbench'))).toMatch(/nests JSON arrays and objects more than 100 levels deep; the limit is 100/);
  });
});
