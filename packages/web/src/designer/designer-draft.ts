/**
 * What the user has typed into the designer (model name, questions, entities),
 * kept in the browser's storage so a reload or a visit to another page finds it.
 */
import type { DeclaredType } from '@dynotable/core';
import { ATTRIBUTE_TYPES, newId, type EntityDraft } from './entity-drafts.js';
import type { QuestionLine } from './questions.js';

export interface DesignerDraft {
  readonly name: string;
  readonly questions: readonly QuestionLine[];
  readonly entities: readonly EntityDraft[];
}

const STORAGE_KEY = 'dynotable.designer';

const emptyDraft = (): DesignerDraft => ({ name: 'app', questions: [{ id: newId(), text: '' }], entities: [] });

interface StoredDraft {
  name?: unknown;
  questions?: unknown;
  entities?: { name?: unknown; attributes?: { name?: unknown; type?: unknown }[] }[];
}

export function loadDesignerDraft(): DesignerDraft {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as StoredDraft | null;
    if (stored === null) return emptyDraft();
    const questions = Array.isArray(stored.questions) ? stored.questions.filter((text): text is string => typeof text === 'string') : [];
    const entities = Array.isArray(stored.entities) ? stored.entities : [];
    return {
      name: typeof stored.name === 'string' ? stored.name : 'app',
      questions: (questions.length > 0 ? questions : ['']).map((text) => ({ id: newId(), text })),
      entities: entities.map((entity) => ({
        id: newId(),
        name: typeof entity.name === 'string' ? entity.name : '',
        attributes: (Array.isArray(entity.attributes) ? entity.attributes : []).map((attribute) => ({
          id: newId(),
          name: typeof attribute.name === 'string' ? attribute.name : '',
          type: ATTRIBUTE_TYPES.includes(attribute.type as DeclaredType) ? (attribute.type as DeclaredType) : 'string',
        })),
      })),
    };
  } catch {
    return emptyDraft();
  }
}

export function storeDesignerDraft(draft: DesignerDraft): void {
  const stored = {
    name: draft.name,
    questions: draft.questions.map((line) => line.text),
    entities: draft.entities.map((entity) => ({ name: entity.name, attributes: entity.attributes.map(({ name, type }) => ({ name, type })) })),
  };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or refused: the draft lives for this page.
  }
}
