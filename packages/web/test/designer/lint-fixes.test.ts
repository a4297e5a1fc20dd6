/**
 * Each mechanical fix, applied to a model with the mistake, written back as the
 * server writes it (YAML) and read again: the finding is gone and the model
 * still reads. Findings that need a person get no fix.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintModel, parseModel, serializeModel } from '@dynotable/core';
import type { LintFinding, Model } from '@dynotable/core';
import { mechanicalFix } from '../../src/designer/lint-fixes.js';

const example = (name: string) => readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8');
const LEADERBOARD = example('leaderboard');

/** The leaderboard with one text change; the change must apply. */
function variant(from: string, to: string): string {
  expect(LEADERBOARD).toContain(from);
  return LEADERBOARD.replace(from, to);
}

function findingOf(model: Model, rule: string): LintFinding {
  const found = lintModel(model).find((finding) => finding.rule === rule);
  expect(found, `${rule} is reported`).toBeDefined();
  return found!;
}

/** Applies the fix of the first finding of `rule` and reads the result back from YAML. */
function fixed(text: string, rule: string): { model: Model; label: string } {
  const model = parseModel(text);
  const fix = mechanicalFix(model, findingOf(model, rule));
  expect(fix, `${rule} has a mechanical fix`).toBeDefined();
  return { model: parseModel(serializeModel(fix!.apply(model), 'yaml')), label: fix!.label };
}

const rulesOf = (model: Model) => lintModel(model).map((finding) => finding.rule);
const player = (model: Model) => model.entities.find((entity) => entity.name === 'Player')!;

describe('mechanical lint fixes', () => {
  it('pads an unpadded number to the width of its declared range', () => {
    const { model, label } = fixed(example('broken/leaderboard-unpadded-rating'), 'unpadded-number-in-key');
    expect(label).toBe('Use {rating:05}');
    expect(player(model).keys['GSI1SK']).toBe('RATING#{rating:05}');
    expect(rulesOf(model)).not.toContain('unpadded-number-in-key');
  });

  it('pads a hand-edited template of the accepted design, whatever else the template holds', () => {
    const { model } = fixed(variant('RATING#{rating:05}', 'RATING#{rating}#{playerId}'), 'unpadded-number-in-key');
    expect(player(model).keys['GSI1SK']).toBe('RATING#{rating:05}#{playerId}');
    expect(rulesOf(model)).not.toContain('unpadded-number-in-key');
  });

  it('widens a format narrower than the declared range', () => {
    const { model } = fixed(variant('RATING#{rating:05}', 'RATING#{rating:03}'), 'number-padding-too-narrow');
    expect(player(model).keys['GSI1SK']).toBe('RATING#{rating:05}');
    expect(rulesOf(model)).not.toContain('number-padding-too-narrow');
  });

  it('writes a date that does not sort as text in ISO-8601', () => {
    const { model } = fixed(example('broken/audit-log-us-dates'), 'non-sortable-date');
    expect(rulesOf(model)).not.toContain('non-sortable-date');
  });

  it('appends the item id to a base key that can collide', () => {
    const { model, label } = fixed(variant('SK: MATCH#{playedAt:iso}#{matchId}', 'SK: MATCH#{playedAt:iso}'), 'sort-key-collision');
    expect(label).toBe('Append #{matchId}');
    expect(model.entities.find((entity) => entity.name === 'Match')!.keys['SK']).toBe('MATCH#{playedAt:iso}#{matchId}');
    expect(rulesOf(model)).not.toContain('sort-key-collision');
  });

  it('removes an index no pattern uses, with the keys only it used', () => {
    const text = variant('        projection: KEYS_ONLY\n', '        projection: KEYS_ONLY\n      GSI3:\n        partitionKey: { name: GSI3PK, type: S }\n').replace(
      '      GSI2SK: PLAYER#{playerId}\n',
      '      GSI2SK: PLAYER#{playerId}\n      GSI3PK: REGION#{region}\n',
    );
    const { model } = fixed(text, 'unused-index');
    expect(model.tables[0]!.globalSecondaryIndexes.map((index) => index.name)).toEqual(['GSI1', 'GSI2']);
    expect(Object.keys(player(model).keys)).not.toContain('GSI3PK');
    expect(rulesOf(model)).not.toContain('unused-index');
  });

  it('drops a consistent read a GSI cannot give', () => {
    const { model } = fixed(variant('    question: find player by handle\n', '    question: find player by handle\n    consistentRead: true\n'), 'consistent-read-on-gsi');
    expect(model.accessPatterns.find((pattern) => pattern.name === 'findPlayerByHandle')!.consistentRead).toBeUndefined();
    expect(rulesOf(model)).not.toContain('consistent-read-on-gsi');
  });

  it('stores as a number, padded, a number the application padded as text though it can be negative', () => {
    const text = variant('rating: { type: number, integer: true, min: 0, max: 99999, mutable: true }', 'rating: { type: number, format: string, integer: true, min: -100, max: 99999, mutable: true }').replace(
      'RATING#{rating:05}',
      'RATING#{rating}',
    );
    const { model } = fixed(text, 'naive-negative-padding');
    const rating = player(model).attributes.find((attribute) => attribute.name === 'rating')!;
    expect(rating.format).toBeUndefined();
    expect(player(model).keys['GSI1SK']).toBe('RATING#{rating:05}');
    expect(rulesOf(model)).not.toContain('naive-negative-padding');
    expect(rulesOf(model)).not.toContain('unpadded-number-in-key');
  });

  it('stores as a number a number kept as a string that a pattern orders by', () => {
    const text = variant('rating: { type: number, integer: true, min: 0, max: 99999, mutable: true }', 'rating: { type: number, format: string, integer: true, min: 0, max: 99999, mutable: true }');
    const { model } = fixed(text, 'number-stored-as-string');
    expect(rulesOf(model)).not.toContain('number-stored-as-string');
  });

  it('offers nothing where the fix needs a person', () => {
    const model = parseModel(example('broken/ticket-desk-status-in-base-key'));
    expect(mechanicalFix(model, findingOf(model, 'mutable-base-key'))).toBeUndefined();
  });
});
