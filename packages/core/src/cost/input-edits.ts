/**
 * A person setting a cost input (a rate, an item count, an item size) as
 * model edits: the value is written and, being a person's figure now, taken
 * off the object's `assumed:` list. The pricing page applies them to the
 * model file's text, so its comments and order stay.
 */
import type { ModelEdit } from '../model/edits.js';
import type { Model } from '../model/types.js';
import { MAX_ITEM_SIZE_BYTES } from '../rules/limits.js';

export type CostInput =
  | { readonly kind: 'pattern'; readonly name: string; readonly field: 'rate' | 'expectedItems' }
  | { readonly kind: 'writePath'; readonly name: string; readonly field: 'rate' }
  | { readonly kind: 'entity'; readonly name: string; readonly field: 'count' | 'averageItemBytes' };

type CostField = CostInput['field'];

const SECTION = { pattern: 'accessPatterns', writePath: 'writePaths', entity: 'entities' } as const;

/** What each field holds, for the messages. */
const FIELD_RULES: Readonly<Record<CostField, { readonly whole: boolean; readonly min: number; readonly max?: number; readonly example: string }>> = {
  rate: { whole: false, min: 0, example: 'calls per second, 0 or more, such as 25 or 0.5' },
  expectedItems: { whole: true, min: 0, example: 'a whole number of items per call, 0 or more, such as 20' },
  count: { whole: true, min: 0, example: 'a whole number of items, 0 or more, such as 100000' },
  averageItemBytes: { whole: true, min: 1, max: MAX_ITEM_SIZE_BYTES, example: `a whole number of bytes from 1 to ${MAX_ITEM_SIZE_BYTES}, such as 800` },
};

export type CostInputReading = { readonly ok: true; readonly value: number | undefined } | { readonly ok: false; readonly message: string };

/** A typed value read for a field; empty text clears it. Commas and underscores between digits are allowed (100,000). */
export function readCostInput(field: CostField, text: string): CostInputReading {
  const rules = FIELD_RULES[field];
  const trimmed = text.trim().replace(/(?<=\d)[,_](?=\d)/g, '');
  if (trimmed === '') return { ok: true, value: undefined };
  const value = Number(trimmed);
  const number = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed) && Number.isFinite(value);
  if (!number || value < rules.min || (rules.max !== undefined && value > rules.max) || (rules.whole && !Number.isInteger(value))) {
    return { ok: false, message: `Enter ${rules.example}` };
  }
  return { ok: true, value };
}

function assumedOf(model: Model, input: CostInput): readonly string[] | undefined {
  if (input.kind === 'pattern') return model.accessPatterns.find((pattern) => pattern.name === input.name)?.assumed;
  if (input.kind === 'writePath') return model.writePaths.find((path) => path.name === input.name)?.assumed;
  return model.entities.find((entity) => entity.name === input.name)?.assumed;
}

/** Sets (or, with undefined, removes) a cost input, and takes it off the `assumed:` list. */
export function costInputEdits(model: Model, input: CostInput, value: number | undefined): ModelEdit[] {
  const path = [SECTION[input.kind], input.name];
  const edits: ModelEdit[] = [value === undefined ? { op: 'remove', path: [...path, input.field] } : { op: 'set', path: [...path, input.field], value }];
  const assumed = assumedOf(model, input);
  if (assumed?.includes(input.field) === true) {
    const rest = assumed.filter((field) => field !== input.field);
    edits.push(rest.length === 0 ? { op: 'remove', path: [...path, 'assumed'] } : { op: 'set', path: [...path, 'assumed'], value: rest });
  }
  return edits;
}

/** Every assumed value kept as a person's figure: the `assumed:` lists removed. */
export function acceptAssumptionsEdits(model: Model): ModelEdit[] {
  return [
    ...model.entities.filter((entity) => entity.assumed !== undefined).map((entity): ModelEdit => ({ op: 'remove', path: ['entities', entity.name, 'assumed'] })),
    ...model.accessPatterns.filter((pattern) => pattern.assumed !== undefined).map((pattern): ModelEdit => ({ op: 'remove', path: ['accessPatterns', pattern.name, 'assumed'] })),
    ...model.writePaths.filter((path) => path.assumed !== undefined).map((path): ModelEdit => ({ op: 'remove', path: ['writePaths', path.name, 'assumed'] })),
  ];
}
