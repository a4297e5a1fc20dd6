/**
 * A design merged into an existing model file: what the design decides
 * (tables, keys, indexes, access patterns) changes; comments, counts, rates
 * and everything else the file says stay.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { designFromQuestions } from '../../src/design/index.js';
import { mergeDesignIntoText, ModelEditError, parseModel } from '../../src/model/index.js';

const LEADERBOARD = readFileSync(fileURLToPath(new URL('../../../../examples/leaderboard.yaml', import.meta.url)), 'utf8');
const QUESTIONS = ['get player by id', 'list matches by player, newest first', 'top 10 players by rating in a season', 'find player by handle'];
const commentLines = (text: string) => text.split('\n').filter((line) => line.trim().startsWith('#') || / #\s/.test(line));

describe('mergeDesignIntoText', () => {
  const design = designFromQuestions([...QUESTIONS, 'list matches by map'], 'leaderboard').model;
  const merged = mergeDesignIntoText(LEADERBOARD, design, 'leaderboard.yaml');
  const model = parseModel(merged, 'leaderboard.yaml');

  it('keeps every comment, the name, the description and the write paths of the file', () => {
    for (const line of commentLines(LEADERBOARD)) expect(merged).toContain(line);
    expect(model.name).toBe('leaderboard');
    expect(model.description).toMatch(/^A multiplayer game leaderboard/);
    expect(model.writePaths.map((write) => [write.name, write.rate])).toEqual([
      ['createPlayer', 2],
      ['recordMatch', 100],
      ['updateRating', 100],
    ]);
  });

  it('keeps the counts and rates the file gives, and takes the design’s assumed figures only where the file has none', () => {
    expect(model.entities.map((entity) => [entity.name, entity.count, entity.assumed])).toEqual([
      ['Player', 200000, undefined],
      ['Match', 20000000, undefined],
    ]);
    expect(model.accessPatterns.map((pattern) => [pattern.name, pattern.rate, pattern.expectedItems, pattern.assumed])).toEqual([
      ['getPlayer', 300, undefined, undefined],
      ['listRecentMatches', 150, 20, undefined],
      ['topPlayersOfSeason', 50, undefined, undefined],
      ['findPlayerByHandle', 40, undefined, undefined],
      ['listMatchesByMap', 10, undefined, ['rate']],
    ]);
  });

  it('takes the design’s keys, indexes and attributes, keeping what the file says of an attribute of the same type', () => {
    const designed = (name: string) => design.entities.find((entity) => entity.name === name)!;
    for (const entity of model.entities) expect(entity.keys).toEqual(designed(entity.name).keys);
    expect(model.tables.map((table) => table.globalSecondaryIndexes.map((index) => [index.name, index.partitionKey.name, index.projection.type]))).toEqual(
      design.tables.map((table) => table.globalSecondaryIndexes.map((index) => [index.name, index.partitionKey.name, index.projection.type])),
    );
    const handle = model.entities[0]!.attributes.find((attribute) => attribute.name === 'handle')!;
    expect([handle.unique, handle.minLength, handle.examples]).toEqual([true, 3, ['nighthawk']]);
  });

  it('drops the file’s patterns the design no longer asks, and changes nothing when merged again', () => {
    const fewer = designFromQuestions(QUESTIONS.slice(0, 2), 'leaderboard').model;
    const twice = mergeDesignIntoText(merged, design, 'leaderboard.yaml');
    expect(twice).toBe(merged);
    const smaller = parseModel(mergeDesignIntoText(LEADERBOARD, fewer, 'leaderboard.yaml'), 'leaderboard.yaml');
    expect(smaller.accessPatterns.map((pattern) => pattern.name)).toEqual(['getPlayer', 'listRecentMatches']);
  });

  it('writes an empty file as the design’s own file, and refuses a file that does not read', () => {
    expect(parseModel(mergeDesignIntoText('  \n', design), 'x.yaml').accessPatterns).toHaveLength(5);
    expect(JSON.parse(mergeDesignIntoText('', design, 'model.json'))).toMatchObject({ name: 'leaderboard' });
    expect(() => mergeDesignIntoText('name: [unclosed', design)).toThrow(ModelEditError);
    expect(() => mergeDesignIntoText('- just a list', design)).toThrow(/not a map/);
  });

  it('keeps an entity the design leaves alone on its table, naming the table now that there are two', () => {
    const file = ['# shop', 'name: shop', 'tables:', '  Shop:', '    partitionKey: PK', 'entities:', '  Order:', "    count: 5000 # a person's figure", '    attributes:', '      orderId: string', '    keys:', '      PK: ORDER#{orderId}', ''].join('\n');
    const out = mergeDesignIntoText(file, designFromQuestions(['get player by id'], 'game').model, 'shop.yaml');
    expect(out).toContain("count: 5000 # a person's figure");
    const model = parseModel(out, 'shop.yaml');
    expect(model.tables.map((table) => table.name)).toEqual(['Shop', 'Game']);
    expect(model.entities.map((entity) => [entity.name, entity.table, entity.count])).toEqual([
      ['Order', 'Shop', 5000],
      ['Player', 'Game', 100000],
    ]);
    expect(model.entities[1]!.assumed).toEqual(['count']);
  });

  it('merges into a JSON file, keeping its other fields', () => {
    const json = JSON.stringify({ name: 'shop', tables: { Old: { partitionKey: 'PK', billingMode: 'PROVISIONED', provisioned: { readUnits: 5, writeUnits: 5 } } }, entities: {}, accessPatterns: [{ name: 'x', question: 'get player by id', rate: 7 }] }, null, 2);
    const small = designFromQuestions(['get player by id'], 'shop').model;
    const out = mergeDesignIntoText(json, small, 'shop.json');
    const data = JSON.parse(out) as { name: string; accessPatterns: { name: string; rate: number }[] };
    expect(data.name).toBe('shop');
    expect(data.accessPatterns).toEqual([{ name: 'x', question: 'get player by id', rate: 7 }]);
    expect(parseModel(out, 'shop.json').entities.map((entity) => entity.name)).toEqual(['Player']);
  });

  it('keeps any comment and any rate and count a file carries (property)', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.]{0,30}$/);
    fc.assert(
      fc.property(word, word, fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 1 }), (top, inner, rate, count, questionIndex) => {
        const question = QUESTIONS[questionIndex]!;
        const file = [
          `# ${top}`,
          'name: game',
          'tables:',
          '  Game:',
          '    partitionKey: { name: PK, type: S }',
          'entities:',
          '  Player:',
          `    # ${inner}`,
          `    count: ${count}`,
          '    attributes:',
          '      playerId: string',
          'accessPatterns:',
          `  - name: mine`,
          `    question: ${question}`,
          `    rate: ${rate} # per second`,
          '',
        ].join('\n');
        const out = mergeDesignIntoText(file, designFromQuestions(QUESTIONS, 'game').model, 'game.yaml');
        expect(out).toContain(`# ${top}`);
        expect(out).toContain(`# ${inner}`);
        expect(out).toContain(`rate: ${rate} # per second`);
        const merged = parseModel(out, 'game.yaml');
        expect(merged.entities.find((entity) => entity.name === 'Player')!.count).toBe(count);
        expect(merged.accessPatterns.find((pattern) => pattern.question === question)).toMatchObject({ name: 'mine', rate });
        expect(merged.accessPatterns).toHaveLength(QUESTIONS.length);
      }),
      { numRuns: 40 },
    );
  });
});

describe('mergeDesignIntoText with a multi-attribute GSI key', () => {
  const FILE = `name: m
tables:
  Things:
    partitionKey: PK
    globalSecondaryIndexes:
      GSI1: { partitionKey: [a, b], sortKey: c }
entities:
  E:
    attributes: { id: string, a: string, b: string, c: string, d: string }
    keys: { PK: "E#{id}", a: "{a}", b: "{b}", c: "{c}" }
`;

  it('writes the design’s list of key attributes where it differs, and nothing where it agrees', () => {
    const model = parseModel(FILE, 'm.yaml');
    expect(mergeDesignIntoText(FILE, model, 'm.yaml')).toBe(FILE);
    const table = model.tables[0]!;
    const gsi = table.globalSecondaryIndexes[0]!;
    const d = { name: 'd', type: 'S' as const };
    const design = {
      ...model,
      tables: [{ ...table, globalSecondaryIndexes: [{ ...gsi, partitionKeys: [gsi.partitionKeys[0]!, d] }] }],
      entities: [{ ...model.entities[0]!, keys: { PK: 'E#{id}', a: '{a}', d: '{d}', c: '{c}' } }],
    };
    const merged = parseModel(mergeDesignIntoText(FILE, design, 'm.yaml'), 'm.yaml');
    expect(merged.tables[0]!.globalSecondaryIndexes[0]!.partitionKeys.map((key) => key.name)).toEqual(['a', 'd']);
  });
});
