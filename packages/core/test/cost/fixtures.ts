/** Small inline models for the cost tests, and the three examples. */
import { readFileSync } from 'node:fs';
import { parseModel } from '@dynotable/core';
import type { AttributeSpec, EntitySpec, Model, PatternPlan, TableSpec } from '@dynotable/core';

export function attribute(name: string, type: AttributeSpec['type'], extra: Partial<AttributeSpec> = {}): AttributeSpec {
  return { name, type, mutable: false, unique: false, required: true, ...extra };
}

export function table(extra: Partial<TableSpec> = {}): TableSpec {
  return {
    name: 'Main',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    billingMode: 'PAY_PER_REQUEST',
    globalSecondaryIndexes: [],
    localSecondaryIndexes: [],
    ...extra,
  };
}

export function entity(extra: Partial<EntitySpec> & Pick<EntitySpec, 'name' | 'attributes' | 'keys'>): EntitySpec {
  return { plural: `${extra.name}s`, table: 'Main', keysWhen: {}, ...extra };
}

export function model(extra: Partial<Model>): Model {
  return { name: 'test', tables: [table()], entities: [], accessPatterns: [], writePaths: [], ...extra };
}

/** A planner stand-in: the plans given by pattern name. */
export function fixedPlans(plans: Record<string, Omit<PatternPlan, 'pattern' | 'parameters' | 'why'>>) {
  return (_model: Model, pattern: { name: string }): PatternPlan => {
    const plan = plans[pattern.name];
    if (!plan) throw new Error(`no plan for ${pattern.name}`);
    return { ...plan, pattern: pattern.name, parameters: [], why: 'test plan' };
  };
}

export function example(name: 'ticket-desk' | 'leaderboard' | 'audit-log'): Model {
  return parseModel(readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8'));
}
