/**
 * Properties over the verifier's sample items (adversarial values included):
 * generated items check clean, an edit run through deriveForEdit checks
 * clean, and a repair is done in one step.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkDerivedAttributes,
  compileKeyTemplate,
  deriveForEdit,
  generateSamples,
  itemChecker,
  recognizeEntity,
  recordToItem,
  repairDerived,
  type EntitySpec,
  type Item,
  type Model,
} from '@dynotable/core';
import { exampleModel, shopModel } from './models.js';

const MODELS: [string, Model][] = [
  ['ticket-desk', exampleModel('ticket-desk')],
  ['leaderboard', exampleModel('leaderboard')],
  ['audit-log', exampleModel('audit-log')],
  ['shop', shopModel()],
];

interface Sampled {
  readonly entity: EntitySpec;
  readonly item: Item;
}

const samplesCache = new Map<string, Sampled[]>();

/** The sample items of a model for a seed, every entity's. */
function sampleItems(name: string, model: Model, seed: number): Sampled[] {
  const key = `${name}:${seed}`;
  let items = samplesCache.get(key);
  if (items === undefined) {
    const samples = generateSamples(model, { items: 120, seed });
    items = model.entities.flatMap((entity) => (samples.records[entity.name] ?? []).map((record) => ({ entity, item: recordToItem(model, entity, record) })));
    samplesCache.set(key, items);
  }
  return items;
}

/** Attributes some key template or sparse condition of the entity reads. */
function sourceAttributes(entity: EntitySpec): string[] {
  const names = new Set<string>();
  for (const template of Object.values(entity.keys)) for (const field of compileKeyTemplate(template).fields) names.add(field);
  for (const conditions of Object.values(entity.keysWhen)) for (const name of Object.keys(conditions)) names.add(name);
  return [...names];
}

/** An item with one source attribute changed to another sample item's value, its keys left as they were. */
function staleCopy(items: readonly Sampled[], index: number, attributeChoice: number, donorChoice: number): { sampled: Sampled; edited: Item } | undefined {
  const sampled = items[index % items.length]!;
  const attributes = sourceAttributes(sampled.entity);
  if (attributes.length === 0) return undefined;
  const attribute = attributes[attributeChoice % attributes.length]!;
  const donors = items.filter((other) => other.entity === sampled.entity && other.item[attribute] !== undefined);
  if (donors.length === 0) return undefined;
  const edited = { ...sampled.item, [attribute]: donors[donorChoice % donors.length]!.item[attribute]! };
  return { sampled, edited };
}

const TABLE = (model: Model) => model.tables[0]!.name;
const choice = fc.nat({ max: 10_000 });

describe.each(MODELS)('items of %s', (name, model) => {
  const table = TABLE(model);
  const seeds = fc.integer({ min: 1, max: 6 });

  it('a generated item is recognised as its entity with nothing to flag', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const check = itemChecker(model, table);
        for (const { entity, item } of sampleItems(name, model, seed)) {
          expect(check(item)).toEqual({ entity: entity.name, mismatches: [], problems: [] });
        }
      }),
      { numRuns: 6 },
    );
  });

  it('after one source attribute changes, deriveForEdit gives an item with nothing to flag', () => {
    fc.assert(
      fc.property(seeds, choice, choice, choice, (seed, index, attributeChoice, donorChoice) => {
        const stale = staleCopy(sampleItems(name, model, seed), index, attributeChoice, donorChoice);
        if (stale === undefined) return;
        const edit = deriveForEdit(model, table, stale.sampled.item, stale.edited);
        expect(edit.entity).toBe(stale.sampled.entity.name);
        expect(edit.problems).toEqual([]);
        expect(itemChecker(model, table)(edit.item)).toEqual({ entity: stale.sampled.entity.name, mismatches: [], problems: [] });
      }),
      { numRuns: 150 },
    );
  });

  it('a stale item is flagged exactly where repairDerived changes it, and a second repair changes nothing', () => {
    fc.assert(
      fc.property(seeds, choice, choice, choice, (seed, index, attributeChoice, donorChoice) => {
        const stale = staleCopy(sampleItems(name, model, seed), index, attributeChoice, donorChoice);
        if (stale === undefined) return;
        const match = recognizeEntity(model, table, stale.edited);
        expect(match?.entity.name).toBe(stale.sampled.entity.name);
        const mismatches = checkDerivedAttributes(model, match!, stale.edited);
        const once = repairDerived(model, table, stale.edited);
        expect(once.recomputed.map((r) => [r.attribute, r.before, r.after])).toEqual(mismatches.map((m) => [m.attribute, m.stored, m.expected]));
        expect(itemChecker(model, table)(once.item).mismatches).toEqual([]);
        const twice = repairDerived(model, table, once.item);
        expect(twice.recomputed).toEqual([]);
        expect(twice.item).toEqual(once.item);
      }),
      { numRuns: 150 },
    );
  });
});
