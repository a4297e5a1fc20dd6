/**
 * Model edits applied to plain data, to a Model, and to a model file's text:
 * named things found in either form, shorthands expanded, comments and layout
 * kept, JSON re-printed with the file's indentation.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixModelText, lintModel, lintsClean } from '../../src/lint/index.js';
import {
  applyEditsToValue,
  applyModelEdits,
  applyModelEditsToText,
  describeModelEdit,
  ModelEditError,
  parseModel,
  renderLineDiff,
} from '../../src/model/index.js';
import type { ModelEdit } from '../../src/model/index.js';

const read = (name: string) => readFileSync(fileURLToPath(new URL(`../../../../examples/${name}.yaml`, import.meta.url)), 'utf8');
const LEADERBOARD = read('leaderboard');

const MINIMAL = `# a small model
name: shop
tables:
  Shop:
    partitionKey: { name: PK, type: S }   # the only key
entities:
  - name: Order
    attributes:
      - { name: orderId, type: string }
      # when it was placed
      - name: placedAt
        type: timestamp
        format: M/D/YYYY
    keys:
      PK: ORDER#{orderId}
accessPatterns:
  - { name: getOrder, question: get order by id, consistentRead: true }
`;

describe('applying edits to data', () => {
  it('finds named things in maps and in lists, and adds, replaces and removes', () => {
    const value = {
      tables: { T: { partitionKey: 'PK' } },
      entities: [{ name: 'E', attributes: { a: 'string' }, keys: { PK: 'E#{a}' } }],
      accessPatterns: [{ name: 'p', question: 'get e by a', consistentRead: true }],
    };
    const edits: ModelEdit[] = [
      { op: 'set', path: ['entities', 'E', 'keys', 'PK'], value: 'E#{a}#X' },
      { op: 'set', path: ['entities', 'E', 'attributes', 'a', 'unique'], value: true },
      { op: 'set', path: ['tables', 'T', 'partitionKey', 'type'], value: 'S' },
      { op: 'set', path: ['tables', 'T', 'globalSecondaryIndexes', 'G1'], value: { partitionKey: 'G1PK' } },
      { op: 'remove', path: ['accessPatterns', 'p', 'consistentRead'] },
      { op: 'remove', path: ['accessPatterns', 'nope', 'consistentRead'] },
    ];
    expect(applyEditsToValue(value, edits)).toEqual({
      tables: { T: { partitionKey: { name: 'PK', type: 'S' }, globalSecondaryIndexes: { G1: { partitionKey: 'G1PK' } } } },
      entities: [{ name: 'E', attributes: { a: { type: 'string', unique: true } }, keys: { PK: 'E#{a}#X' } }],
      accessPatterns: [{ name: 'p', question: 'get e by a' }],
    });
    // The input is not changed.
    expect(value.entities[0]!.keys.PK).toBe('E#{a}');
  });

  it('refuses to edit inside a value that is not a map', () => {
    expect(() => applyEditsToValue({ name: 'x' }, [{ op: 'set', path: ['name', 'first'], value: 'y' }])).toThrow(ModelEditError);
  });

  it('applies to a normalised Model and normalises the result', () => {
    const model = parseModel(LEADERBOARD, 'leaderboard.yaml');
    const next = applyModelEdits(model, [
      { op: 'set', path: ['entities', 'Player', 'keys', 'GSI1SK'], value: 'RATING#{rating:06}' },
      { op: 'set', path: ['tables', 'Leaderboard', 'globalSecondaryIndexes', 'GSI3'], value: { partitionKey: { name: 'GSI3PK', type: 'S' }, projection: 'KEYS_ONLY' } },
    ]);
    expect(next.entities[0]!.keys['GSI1SK']).toBe('RATING#{rating:06}');
    expect(next.tables[0]!.globalSecondaryIndexes[2]).toEqual({
      name: 'GSI3',
      partitionKey: { name: 'GSI3PK', type: 'S' },
      partitionKeys: [{ name: 'GSI3PK', type: 'S' }],
      sortKeys: [],
      projection: { type: 'KEYS_ONLY' },
    });
    expect(model.entities[0]!.keys['GSI1SK']).toBe('RATING#{rating:05}');
  });

  it('describes an edit for people', () => {
    expect(describeModelEdit({ op: 'set', path: ['entities', 'Player', 'keys', 'GSI1SK'], value: 'RATING#{rating:05}' })).toBe('set entities.Player.keys.GSI1SK to RATING#{rating:05}');
    expect(describeModelEdit({ op: 'remove', path: ['accessPatterns', 'get order', 'consistentRead'] })).toBe('remove accessPatterns."get order".consistentRead');
  });
});

describe('applying edits to a YAML file', () => {
  it('changes only the edited lines and keeps every comment', () => {
    const edits: ModelEdit[] = [
      { op: 'set', path: ['entities', 'Order', 'keys', 'PK'], value: 'ORDER#{placedAt:iso}#{orderId}' },
      { op: 'remove', path: ['entities', 'Order', 'attributes', 'placedAt', 'format'] },
      { op: 'remove', path: ['accessPatterns', 'getOrder', 'consistentRead'] },
    ];
    const out = applyModelEditsToText(MINIMAL, edits, 'shop.yaml');
    expect(out).toContain('# a small model\n');
    expect(out).toContain('    partitionKey: { name: PK, type: S }   # the only key\n');
    expect(out).toContain('      # when it was placed\n');
    expect(out).toContain('      PK: ORDER#{placedAt:iso}#{orderId}\n');
    expect(out).not.toContain('M/D/YYYY');
    expect(out).toContain('  - { name: getOrder, question: get order by id }\n');
    // Every untouched line is byte for byte the same.
    const removedOrChanged = new Set(['        format: M/D/YYYY', '      PK: ORDER#{orderId}', '  - { name: getOrder, question: get order by id, consistentRead: true }']);
    for (const line of MINIMAL.split('\n')) if (!removedOrChanged.has(line)) expect(out.split('\n')).toContain(line);
    expect(parseModel(out).entities[0]!.attributes[1]!.format).toBeUndefined();
  });

  it('keeps the flow style and spacing of the lines it does not touch', () => {
    const out = applyModelEditsToText(LEADERBOARD, [{ op: 'set', path: ['entities', 'Player', 'keys', 'GSI1SK'], value: 'RATING#{rating:06}' }], 'leaderboard.yaml');
    expect(out).toBe(LEADERBOARD.replace('RATING#{rating:05}', 'RATING#{rating:06}'));
  });

  it('expands a shorthand and adds new maps in the file style', () => {
    const out = applyModelEditsToText(
      LEADERBOARD,
      [
        { op: 'set', path: ['entities', 'Player', 'attributes', 'createdAt', 'mutable'], value: true },
        { op: 'set', path: ['tables', 'Leaderboard', 'globalSecondaryIndexes', 'GSI3'], value: { partitionKey: { name: 'GSI3PK', type: 'S' }, projection: 'ALL' } },
      ],
      'leaderboard.yaml',
    );
    expect(out).toContain('      createdAt: { type: timestamp, mutable: true }\n');
    expect(out).toContain('      GSI3:\n        partitionKey: { name: GSI3PK, type: S }\n        projection: ALL\n');
    const model = parseModel(out);
    expect(model.tables[0]!.globalSecondaryIndexes.map((index) => index.name)).toEqual(['GSI1', 'GSI2', 'GSI3']);
  });

  it('moves the comment above a removed item onto what follows, and quotes what must be quoted', () => {
    const text =
      'name: x\ntables:\n  Tbl:\n    partitionKey: PK\n    # the index below\n    globalSecondaryIndexes:\n      Gsi: { partitionKey: GPK }\n    # billing\n    billingMode: PAY_PER_REQUEST\n' +
      'entities:\n  E:\n    attributes: { a: string }\n    keys: { PK: "E#{a}", GPK: "G#{a}" }\n';
    const out = applyModelEditsToText(
      text,
      [
        { op: 'remove', path: ['tables', 'Tbl', 'globalSecondaryIndexes'] },
        { op: 'remove', path: ['entities', 'E', 'keys', 'GPK'] },
        { op: 'set', path: ['entities', 'E', 'keys', 'PK'], value: 'E#{a}, or: more' },
      ],
      'x.yaml',
    );
    expect(out).toContain('# the index below');
    expect(out).toContain('# billing');
    const model = parseModel(out);
    expect(model.tables[0]!.globalSecondaryIndexes).toEqual([]);
    expect(model.entities[0]!.keys).toEqual({ PK: 'E#{a}, or: more' });
  });

  it('keeps Windows line ends', () => {
    const text = LEADERBOARD.replace(/\n/g, '\r\n');
    const out = applyModelEditsToText(text, [{ op: 'set', path: ['entities', 'Player', 'keys', 'GSI1SK'], value: 'RATING#{rating:06}' }], 'leaderboard.yaml');
    expect(out).toBe(text.replace('RATING#{rating:05}', 'RATING#{rating:06}'));
  });
});

describe('applying edits to a JSON file', () => {
  const model = parseModel(LEADERBOARD, 'leaderboard.yaml');
  const edit: ModelEdit = { op: 'set', path: ['entities', 'Player', 'keys', 'GSI1SK'], value: 'RATING#{rating:06}' };

  it.each([
    ['four spaces', '    '],
    ['a tab', '\t'],
  ])('re-prints with the file indentation (%s)', (_, indent) => {
    const text = `${JSON.stringify({ name: model.name, tables: model.tables, entities: model.entities, accessPatterns: model.accessPatterns }, null, indent)}\n`;
    const out = applyModelEditsToText(text, [edit], 'leaderboard.json');
    expect(out).toBe(text.replace('RATING#{rating:05}', 'RATING#{rating:06}'));
  });
});

describe('fixModelText', () => {
  it('fixes one finding at a time until none with a fix is left, and reports what it could not fix', () => {
    const text = LEADERBOARD.replace('RATING#{rating:05}', 'RATING#{rating}').replace('question: find player by handle', 'question: frobnicate the widgets');
    const result = fixModelText(text, 'leaderboard.yaml');
    expect(result.applied.map((fix) => fix.rule)).toContain('unpadded-number-in-key');
    expect(result.text).toContain('GSI1SK: RATING#{rating:05}');
    expect(result.findings.map((finding) => finding.rule)).toContain('pattern-not-understood');
    expect(lintsClean(result.findings)).toBe(false);
    expect(lintModel(parseModel(result.text)).map((finding) => finding.rule)).not.toContain('unpadded-number-in-key');
  });

  it('returns the text unchanged when there is nothing to fix', () => {
    expect(fixModelText(LEADERBOARD, 'leaderboard.yaml')).toMatchObject({ text: LEADERBOARD, applied: [] });
  });
});

describe('renderLineDiff', () => {
  it('shows the changed lines with their context and line numbers', () => {
    expect(renderLineDiff('a\nb\nc\nd\n', 'a\nB\nc\nd\n', 'f', 1)).toBe('--- f\n+++ f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
    expect(renderLineDiff('same\n', 'same\n')).toBe('');
  });
});
