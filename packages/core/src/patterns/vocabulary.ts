/**
 * How words become names. With a model: the entity and attribute names it
 * declares. Without one: the words themselves (see docs/access-patterns.md).
 */
import type { AttributeSpec, EntitySpec, Model } from '../model/types.js';
import { compileKeyTemplate } from '../keys/index.js';
import { PatternError } from './errors.js';
import { STATUS_ATTRIBUTE, STATUS_WORDS, TIME_WORDS } from './lexicon.js';
import { camelCase, pascalCase, singularize } from './words.js';

interface EntityMatch {
  readonly name: string;
  /** Index of the first and one past the last word of the run that named it. */
  readonly start: number;
  readonly end: number;
  /** Written in the plural ("tickets"). */
  readonly plural: boolean;
}

interface AttributeMatch {
  readonly name: string;
  /** How many of the phrase's words the name used. */
  readonly used: number;
  /** Named by a time word (time, date, newest...) or declared timestamp/date. */
  readonly time: boolean;
}

export interface Vocabulary {
  readonly withModel: boolean;
  /** The entity named by some consecutive words of the run (rightmost, then longest). */
  entity(words: readonly string[]): EntityMatch | undefined;
  /** Names the model declares, for messages. */
  entityNames(): string[];
  /** The attribute named by the longest leading part of the phrase. */
  attribute(entity: string, words: readonly string[]): AttributeMatch | undefined;
  attributeNames(entity: string): string[];
  /** An adjective as a constant condition: "open" → status = open. */
  adjective(entity: string, word: string): { attribute: string; value: string } | undefined;
  /** The declared value for a condition, or a message when the value is not allowed. */
  conditionValue(entity: string, attribute: string, value: string): { value: string } | { problem: string };
  /** True when the attribute alone identifies one item; undefined when unknown (no model). */
  identifies(entity: string, attribute: string): boolean | undefined;
}

function entityIdName(entity: string): string {
  return `${camelCase([entity])}Id`;
}

/** The rightmost, then longest, run of words accepted by `accept`. */
function findRun<T>(words: readonly string[], accept: (joined: string) => T | undefined): { value: T; start: number; end: number } | undefined {
  for (let end = words.length; end > 0; end -= 1) {
    for (let start = Math.max(0, end - 4); start < end; start += 1) {
      const value = accept(words.slice(start, end).join('').toLowerCase());
      if (value !== undefined) return { value, start, end };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------- with a model

const PREFERRED_TIME_NAMES = ['createdat', 'at', 'playedat', 'timestamp'];

function keyTemplateFields(entity: EntitySpec): Set<string> {
  const fields = new Set<string>();
  for (const template of Object.values(entity.keys)) {
    try {
      for (const field of compileKeyTemplate(template).fields) fields.add(field);
    } catch {
      // A broken template is the linter's to report; here it names no field.
    }
  }
  return fields;
}

/** The one timestamp or date attribute "newest", "time" or "date" mean. */
function timeAttribute(entity: EntitySpec, word: string): string {
  const candidates = entity.attributes.filter((attribute) => attribute.type === 'timestamp' || attribute.type === 'date');
  if (candidates.length === 1) return candidates[0]!.name;
  if (candidates.length === 0) {
    throw new PatternError(`"${word}" needs a timestamp or date attribute, and ${entity.name} declares none`, '', [word]);
  }
  const inKeys = keyTemplateFields(entity);
  const keyed = candidates.filter((attribute) => inKeys.has(attribute.name));
  if (keyed.length === 1) return keyed[0]!.name;
  const pool = keyed.length > 1 ? keyed : candidates;
  const preferred = pool.filter((attribute) => PREFERRED_TIME_NAMES.includes(attribute.name.toLowerCase()));
  if (preferred.length === 1) return preferred[0]!.name;
  const names = candidates.map((attribute) => attribute.name).join(', ');
  throw new PatternError(`"${word}" could mean any of ${entity.name}'s time attributes (${names}): name one, e.g. "ordered by ${candidates[0]!.name} descending"`, '', [word]);
}

export function modelVocabulary(model: Model): Vocabulary {
  const byName = (name: string): EntitySpec => model.entities.find((entity) => entity.name === name)!;
  const attributeByLower = (entity: EntitySpec, lower: string): AttributeSpec | undefined =>
    entity.attributes.find((attribute) => attribute.name.toLowerCase() === lower);

  const resolve = (entity: EntitySpec, words: readonly string[]): AttributeMatch | undefined => {
    // "check-in date" names checkInDate.
    const lowerWords = words.map((word) => word.toLowerCase().replace(/-/g, ''));
    const joined = lowerWords.join('');
    const asTime = (attribute: AttributeSpec, byTimeWord: boolean): AttributeMatch => ({
      name: attribute.name,
      used: words.length,
      time: byTimeWord || attribute.type === 'timestamp' || attribute.type === 'date',
    });
    const exact = attributeByLower(entity, joined);
    if (exact) return asTime(exact, false);
    if (joined === 'id') {
      const id = attributeByLower(entity, entityIdName(entity.name).toLowerCase());
      if (id) return asTime(id, false);
    }
    if (!joined.endsWith('id')) {
      const withId = attributeByLower(entity, `${joined}id`);
      if (withId) return asTime(withId, false);
    }
    const singular = lowerWords.map((word) => singularize(word)).join('');
    if (singular !== joined) {
      const again = resolve(entity, lowerWords.map((word) => singularize(word)));
      if (again) return again;
    }
    if (lowerWords.length === 1 && TIME_WORDS.has(joined)) {
      const name = timeAttribute(entity, words[0]!);
      return { name, used: 1, time: true };
    }
    return undefined;
  };

  return {
    withModel: true,
    entity(words) {
      const run = findRun(words, (joined) => {
        for (const entity of model.entities) {
          if (entity.name.toLowerCase() === joined) return { name: entity.name, plural: false };
          if (entity.plural.toLowerCase() === joined) return { name: entity.name, plural: true };
        }
        for (const entity of model.entities) {
          if (singularize(joined) === entity.name.toLowerCase()) return { name: entity.name, plural: true };
        }
        return undefined;
      });
      return run && { name: run.value.name, plural: run.value.plural, start: run.start, end: run.end };
    },
    entityNames: () => model.entities.map((entity) => entity.name),
    attribute(entityName, words) {
      const entity = byName(entityName);
      for (let used = words.length; used > 0; used -= 1) {
        const match = resolve(entity, words.slice(0, used));
        if (match) return { ...match, used };
      }
      return undefined;
    },
    attributeNames: (entityName) => byName(entityName).attributes.map((attribute) => attribute.name),
    adjective(entityName, word) {
      const entity = byName(entityName);
      const lower = word.toLowerCase();
      const enums = entity.attributes.filter(
        (attribute) => attribute.type === 'enum' && (attribute.values ?? []).some((value) => value.toLowerCase() === lower),
      );
      if (enums.length > 1) {
        const names = enums.map((attribute) => attribute.name).join(', ');
        throw new PatternError(`"${word}" is a value of several ${entity.name} attributes (${names}): write "where <attribute> is ${word}"`, '', [word]);
      }
      const attribute = enums[0];
      if (attribute) return { attribute: attribute.name, value: attribute.values!.find((value) => value.toLowerCase() === lower)! };
      const flag = entity.attributes.find(
        (candidate) => candidate.type === 'boolean' && [lower, `is${lower}`].includes(candidate.name.toLowerCase()),
      );
      return flag && { attribute: flag.name, value: 'true' };
    },
    conditionValue(entityName, attributeName, value) {
      const attribute = attributeByLower(byName(entityName), attributeName.toLowerCase());
      if (attribute?.type !== 'enum' || attribute.values === undefined) return { value };
      const declared = attribute.values.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
      if (declared !== undefined) return { value: declared };
      return { problem: `"${value}" is not a value of ${entityName}.${attribute.name} (${attribute.values.join(', ')})` };
    },
    identifies(entityName, attributeName) {
      const entity = byName(entityName);
      const attribute = attributeByLower(entity, attributeName.toLowerCase());
      return attribute !== undefined && (attribute.unique || attributeName === entityIdName(entityName) || attributeName === 'id');
    },
  };
}

// ---------------------------------------------------------------- without a model

/** Names straight from the words: "by team" → team, "id" → <entity>Id, time words → createdAt. */
export function plainVocabulary(): Vocabulary {
  return {
    withModel: false,
    entity(words) {
      const nouns = words.filter((word) => !STATUS_WORDS.has(word.toLowerCase()));
      const last = nouns[nouns.length - 1];
      if (last === undefined) return undefined;
      const singular = singularize(last);
      const name = pascalCase([...nouns.slice(0, -1), singular]);
      const first = words.indexOf(nouns[0]!);
      return { name, start: first, end: words.lastIndexOf(last) + 1, plural: singular.toLowerCase() !== last.toLowerCase() };
    },
    entityNames: () => [],
    attribute(entity, words) {
      if (words.length === 0) return undefined;
      const lower = words.map((word) => word.toLowerCase());
      if (lower.length === 1 && lower[0] === 'id') return { name: entityIdName(entity), used: 1, time: false };
      if (lower.length === 1 && TIME_WORDS.has(lower[0]!)) return { name: 'createdAt', used: 1, time: true };
      return { name: camelCase(words), used: words.length, time: false };
    },
    attributeNames: () => [],
    adjective(_entity, word) {
      const lower = word.toLowerCase();
      return STATUS_WORDS.has(lower) ? { attribute: STATUS_ATTRIBUTE, value: lower } : undefined;
    },
    conditionValue: (_entity, _attribute, value) => ({ value }),
    identifies: (entity, attribute) => (attribute === entityIdName(entity) || attribute === 'id' ? true : undefined),
  };
}
