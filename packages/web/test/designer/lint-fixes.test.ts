/**
 * Each mechanical fix, as core computes it (the finding's model edits), applied
 * by the page to the model file's text and read again: the finding is gone, the
 * model still reads and the file keeps its comments. Findings that need a
 * person get no fix.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintModel, parseModel } from '@dynotable/core';
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

const comments = (text: string) => text.split('\n').filter((line) => /^\s*#/.test(line));

/** Applies the fix of the first finding of `rule` to the text, as the page does, and reads the result. */
function fixed(text: string, rule: string): { model: Model; label: string; text: string } {
  const model = parseModel(text);
  const fix = mechanicalFix(findingOf(model, rule));
  expect(fix, `${rule} has a mechanical fix`).toBeDefined();
  const out = fix!.applyToText(text, 'model.yaml');
  for (const comment of comments(text)) expect(out).toContain(`${comment}\n`);
  return { model: parseModel(out), label: fix!.label, text: out };
}

const rulesOf = (model: Model) => lintModel(model).map((finding) => finding.rule);
const player = (model: Model) => model.entities.find((entity) => entity.name === 'Player')!;

describe('mechanical lint fixes', () => {
  it('pads an unpadded number to the width of its declared range', () => {
    const text = example('broken/leaderboard-unpadded-rating');
    const { model, label, text: out } = fixed(text, 'unpadded-number-in-key');
    expect(label).toBe('Use {rating:05}');
    // Only the key's line changes.
    expect(out).toBe(text.replace('GSI1SK: RATING#{rating}\n', 'GSI1SK: RATING#{rating:05}\n'));
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
    const { model, label } = fixed(example('broken/audit-log-us-dates'), 'non-sortable-date');
    expect(label).toBe('Store ISO-8601, use {at:iso}');
    const event = model.entities[0]!;
    expect(event.keys['SK']).toBe('EVT#{at:iso}#{eventId}');
    expect(event.attributes.find((attribute) => attribute.name === 'at')!.format).toBeUndefined();
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
    const { model, label } = fixed(text, 'number-stored-as-string');
    expect(label).toBe('Store as a number');
    expect(player(model).attributes.find((attribute) => attribute.name === 'rating')!.format).toBeUndefined();
    expect(rulesOf(model)).not.toContain('number-stored-as-string');
  });

  it('sorts by the wanted time before a random id', () => {
    const { model, label } = fixed(example('broken/leaderboard-uuid-sort-key'), 'unordered-sort-key');
    expect(label).toBe('Use SK: MATCH#{playedAt:iso}#{matchId}');
    expect(model.entities.find((entity) => entity.name === 'Match')!.keys['SK']).toBe('MATCH#{playedAt:iso}#{matchId}');
    expect(rulesOf(model)).not.toContain('unordered-sort-key');
  });

  it('keys an item by its id and moves a changing base key to a new GSI', () => {
    const { model, label } = fixed(example('broken/ticket-desk-status-in-base-key'), 'mutable-base-key');
    expect(label).toBe('Key Ticket by ticketId, move its key to GSI1');
    const ticket = model.entities[0]!;
    expect(ticket.keys).toMatchObject({ PK: 'TICKET#{ticketId}', SK: 'TICKET', GSI1PK: 'TEAM#{teamId}', GSI1SK: 'STATUS#{status}#TICKET#{ticketId}' });
    expect(lintModel(model).filter((finding) => finding.severity !== 'info')).toEqual([]);
  });

  it('makes a write path update every changing field of an index key', () => {
    const { model, label } = fixed(example('broken/ticket-desk-stale-composite'), 'stale-index-key');
    expect(label).toBe('Make changeStatus update priority too');
    expect(model.writePaths.find((path) => path.name === 'changeStatus')!.attributes).toEqual(['status', 'priority']);
  });

  it('offers nothing where the fix needs a person', () => {
    const model = parseModel(example('broken/ticket-desk-status-in-base-key'));
    expect(mechanicalFix(findingOf(model, 'scan-required'))).toBeUndefined();
    expect(mechanicalFix(findingOf(model, 'reserved-attribute-name'))).toBeUndefined();
  });
});
