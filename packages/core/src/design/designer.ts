/**
 * designModel: keys for a model that has none (designed from its questions, as
 * the seeds do), or a check of the keys a model already has.
 */
import type { DesignDecision, Model, PatternMeaning, PatternPlan } from '../model/types.js';
import { designBaseKeys } from './base-keys.js';
import { DesignDraft } from './draft.js';
import type { Reading } from './draft.js';
import { designIndexFor } from './gsi-design.js';
import { identityNameFor, identityOf } from './naming.js';
import { analyzeMeaning } from './plan.js';
import { readAccessPattern } from '../patterns/index.js';
import { shardHotPartitions } from './sharding.js';
import { withAssumptions } from '../cost/assumptions.js';

export interface DesignProblem {
  readonly pattern?: string;
  readonly message: string;
}

export interface DesignResult {
  /** The model with keys: designed, or the input unchanged when checked. */
  readonly model: Model;
  readonly plans: readonly PatternPlan[];
  readonly decisions: readonly DesignDecision[];
  readonly mode: 'designed' | 'checked';
  readonly problems: readonly DesignProblem[];
}

export interface DesignOptions {
  /** Meanings already read, by pattern name; the others are read with the access-pattern grammar. */
  readonly meanings?: Readonly<Record<string, PatternMeaning>>;
}

export function designModel(model: Model, options: DesignOptions = {}): DesignResult {
  const problems: DesignProblem[] = [];
  const readings: Reading[] = [];
  for (const pattern of model.accessPatterns) {
    try {
      const meaning = options.meanings?.[pattern.name] ?? readAccessPattern(model, pattern);
      if (model.entities.some((entity) => entity.name === meaning.entity)) readings.push({ pattern, meaning });
      else problems.push({ pattern: pattern.name, message: `"${pattern.question}" is about ${meaning.entity}, which the model does not declare` });
    } catch (error) {
      problems.push({ pattern: pattern.name, message: error instanceof Error ? error.message : String(error) });
    }
  }
  const checking = model.entities.some((entity) => Object.keys(entity.keys).length > 0);
  const designed = checking ? { model, decisions: [] } : design(model, readings);
  const plans: PatternPlan[] = [];
  for (const { pattern, meaning } of readings) {
    const analysis = analyzeMeaning(designed.model, pattern, meaning);
    plans.push(analysis.plan);
    for (const message of analysis.problems) problems.push({ pattern: pattern.name, message });
  }
  // A designed model gets assumed rates and counts (marked so) once designed, so they never drive the design.
  return { model: checking ? designed.model : withAssumptions(designed.model), plans, decisions: designed.decisions, mode: checking ? 'checked' : 'designed', problems };
}

function design(model: Model, readings: readonly Reading[]): { model: Model; decisions: DesignDecision[] } {
  const draft = new DesignDraft(model);
  for (const table of model.tables) {
    const current = draft.table(table.name);
    draft.decide(
      `table ${table.name}`,
      `one table with generic keys ${current.partitionKey.name} (partition) and ${current.sortKey!.name} (sort), both strings`,
      'Items read together share a partition and key prefixes tell the entity types apart, so one table answers every question.',
    );
  }
  for (const entity of model.entities) {
    if (identityOf(entity) !== undefined) continue;
    const name = identityNameFor(entity);
    draft.addAttribute(entity.name, { name, type: 'string', mutable: false, unique: true, required: true, description: `Identifies one ${entity.name}.` });
    draft.decide(`${entity.name} ${name}`, `added ${name}`, `Keys need an attribute that tells one ${entity.name} from another, and none is declared.`);
  }
  for (const entity of model.entities) {
    designBaseKeys(draft, entity.name, readings.filter((r) => r.meaning.entity === entity.name));
  }
  for (const reading of readings) {
    const analysis = analyzeMeaning(draft.model(), reading.pattern, reading.meaning);
    if (analysis.problems.length === 0) continue;
    const index = designIndexFor(draft, reading);
    draft.decide(`pattern ${reading.pattern.name}`, `answered by ${index}`, `The keys designed so far cannot answer it well (${analysis.problems[0]!}).`);
  }
  shardHotPartitions(draft, readings);
  if (draft.model().tables.some((table) => table.globalSecondaryIndexes.length > 0)) {
    draft.decide('indexes', 'GSIs only, no LSIs', 'A GSI can be added to a live table and has no 10 GB item collection limit; an LSI must exist from creation.');
  }
  return { model: draft.model(), decisions: draft.decisions };
}
