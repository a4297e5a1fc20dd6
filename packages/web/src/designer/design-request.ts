/**
 * The body of POST /api/model/design for what the designer holds: the
 * questions alone (the server makes a first model of them), or, once the user
 * declares entities, a model of those entities and the questions.
 */
import type { EntityDraft } from './entity-drafts.js';
import { entitiesForm, hasNamedEntities } from './entity-drafts.js';
import { patternNames } from './questions.js';

export type DesignRequest =
  | { readonly questions: readonly string[]; readonly name: string }
  | { readonly model: Record<string, unknown> };

/** The table a model of this name gets, as the server names it: "leaderboard" → Leaderboard. */
export function tableNameFor(modelName: string): string {
  const words = modelName.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  const pascal = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('') || 'App';
  return pascal.length >= 3 ? pascal : `${pascal}Table`;
}

export function designRequestFor(modelName: string, questions: readonly string[], entities: readonly EntityDraft[]): DesignRequest | undefined {
  const name = modelName.trim() || 'app';
  if (!hasNamedEntities(entities)) return questions.length === 0 ? undefined : { questions, name };
  const names = patternNames(questions);
  return {
    model: {
      name,
      tables: { [tableNameFor(name)]: { partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } } },
      entities: entitiesForm(entities),
      accessPatterns: questions.map((question, index) => ({ name: names[index]!, question })),
    },
  };
}
