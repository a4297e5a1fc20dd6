/**
 * A design accepted into a model file that already exists: the file is
 * edited, not replaced. What a design decides — tables and their keys and
 * indexes, each entity's table, key templates and attribute types, the access
 * patterns — is changed; everything else the file says stays as written:
 * comments, the model's name and description, billing and throughput, counts
 * and rates (a person's figures win over the design's assumed ones), write
 * paths, descriptions, attributes the design does not mention. The edits go
 * through applyModelEditsToText, so untouched lines keep their layout.
 */
import { parseDocument } from 'yaml';
import { ModelEditError } from './edits.js';
import type { ModelEdit, ModelEditValue } from './edits.js';
import { applyModelEditsToText } from './edit-text.js';
import { MAX_MODEL_ALIAS_COUNT } from './limits.js';
import { modelFileForm, serializeModel } from './serialize.js';
import type { Model } from './types.js';

type Plain = Record<string, unknown>;

function isRecord(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Named things of a file, in either form it may use: a map keyed by name, or a list of objects with `name`. */
function named(collection: unknown): Map<string, unknown> {
  if (Array.isArray(collection)) {
    return new Map(collection.filter(isRecord).filter((item) => typeof item['name'] === 'string').map((item) => [item['name'] as string, item]));
  }
  return isRecord(collection) ? new Map(Object.entries(collection)) : new Map();
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A key attribute in one form: `PK` and `{ name: PK }` are `{ name: PK, type: S }`. */
function keyForm(key: unknown): unknown {
  // A GSI's multi-attribute key is a list; a one-element list is the same key as the attribute alone.
  if (Array.isArray(key)) return key.length === 1 ? keyForm(key[0]) : key.map(keyForm);
  if (typeof key === 'string') return { name: key, type: 'S' };
  if (isRecord(key)) return { name: key['name'], type: key['type'] ?? 'S' };
  return undefined;
}

/** A projection in one form: absent is ALL; attribute lists sorted. */
function projectionForm(projection: unknown): unknown {
  if (projection === undefined || projection === null) return 'ALL';
  if (Array.isArray(projection)) return [...projection].map(String).sort();
  if (isRecord(projection)) {
    if (Array.isArray(projection['attributes'])) return [...(projection['attributes'] as unknown[])].map(String).sort();
    return projection['type'] ?? 'ALL';
  }
  return projection;
}

function attributeType(attribute: unknown): unknown {
  return isRecord(attribute) ? attribute['type'] : attribute;
}

/** "List matches by player,  newest first" and "list matches by player, newest first" are one question. */
const questionKey = (question: unknown) => (typeof question === 'string' ? question.trim().toLowerCase().replace(/\s+/g, ' ') : '');

const value = (data: unknown) => data as ModelEditValue;

class MergeEdits {
  readonly edits: ModelEdit[] = [];
  set(path: readonly string[], data: unknown): void {
    this.edits.push({ op: 'set', path, value: value(data) });
  }
  remove(path: readonly string[]): void {
    this.edits.push({ op: 'remove', path });
  }
  /** Sets `field` of the thing at `path` to the design's, or removes it when the design has none; nothing when they agree. */
  field(path: readonly string[], file: Plain, design: Plain, field: string, form: (data: unknown) => unknown = (data) => data): void {
    if (same(form(file[field]), form(design[field]))) return;
    if (design[field] === undefined) this.remove([...path, field]);
    else this.set([...path, field], design[field]);
  }
  /** The named things under `path` made the design's: new ones set, missing ones removed, the others by `each`. */
  namedMap(path: readonly string[], file: unknown, design: unknown, each: (path: readonly string[], file: Plain, design: Plain) => void): void {
    const fileItems = named(file);
    const designItems = named(design);
    if (designItems.size === 0) {
      if (file !== undefined) this.remove(path);
      return;
    }
    if (file === undefined || fileItems.size === 0) {
      this.set(path, design);
      return;
    }
    for (const [name, item] of designItems) {
      const existing = fileItems.get(name);
      if (existing === undefined || !isRecord(existing) || !isRecord(item)) this.set([...path, name], item);
      else each([...path, name], existing, item);
    }
    for (const name of fileItems.keys()) if (!designItems.has(name)) this.remove([...path, name]);
  }
  /** Cost figures the file lacks are taken from the design, with the design's `assumed` marks for them; the file's own figures stay. */
  figures(path: readonly string[], file: Plain, design: Plain, fields: readonly string[]): void {
    const taken = fields.filter((field) => file[field] === undefined && design[field] !== undefined);
    for (const field of taken) this.set([...path, field], design[field]);
    const designAssumed = Array.isArray(design['assumed']) ? (design['assumed'] as unknown[]) : [];
    const added = taken.filter((field) => designAssumed.includes(field));
    if (added.length === 0) return;
    const fileAssumed = Array.isArray(file['assumed']) ? (file['assumed'] as unknown[]) : [];
    this.set([...path, 'assumed'], [...fileAssumed, ...added.filter((field) => !fileAssumed.includes(field))]);
  }
}

function mergeTable(edits: MergeEdits, path: readonly string[], file: Plain, design: Plain): void {
  edits.field(path, file, design, 'partitionKey', keyForm);
  edits.field(path, file, design, 'sortKey', keyForm);
  edits.namedMap([...path, 'globalSecondaryIndexes'], file['globalSecondaryIndexes'], design['globalSecondaryIndexes'], (indexPath, fileIndex, designIndex) => {
    edits.field(indexPath, fileIndex, designIndex, 'partitionKey', keyForm);
    edits.field(indexPath, fileIndex, designIndex, 'sortKey', keyForm);
    edits.field(indexPath, fileIndex, designIndex, 'projection', projectionForm);
  });
  edits.namedMap([...path, 'localSecondaryIndexes'], file['localSecondaryIndexes'], design['localSecondaryIndexes'], (indexPath, fileIndex, designIndex) => {
    edits.field(indexPath, fileIndex, designIndex, 'sortKey', keyForm);
    edits.field(indexPath, fileIndex, designIndex, 'projection', projectionForm);
  });
}

/** Each key (or sparse-key condition) edited alone, so a comment beside an unchanged template stays. */
function mergeKeyMap(edits: MergeEdits, path: readonly string[], file: unknown, design: unknown): void {
  const fileKeys = isRecord(file) ? file : undefined;
  const designKeys = isRecord(design) ? design : {};
  if (fileKeys === undefined || Object.keys(fileKeys).length === 0) {
    if (Object.keys(designKeys).length > 0) edits.set(path, designKeys);
    return;
  }
  if (Object.keys(designKeys).length === 0) {
    edits.remove(path);
    return;
  }
  for (const [name, template] of Object.entries(designKeys)) if (!same(fileKeys[name], template)) edits.set([...path, name], template);
  for (const name of Object.keys(fileKeys)) if (!(name in designKeys)) edits.remove([...path, name]);
}

function mergeEntity(edits: MergeEdits, path: readonly string[], file: Plain, design: Plain, fileTable: string | undefined, designTable: string, manyTables: boolean): void {
  if (fileTable !== designTable || (manyTables && file['table'] === undefined)) edits.set([...path, 'table'], designTable);
  const fileAttributes = named(file['attributes']);
  for (const [name, attribute] of named(design['attributes'])) {
    const existing = fileAttributes.get(name);
    // An attribute of the same type keeps what the file says of it (its range, examples, format).
    if (existing === undefined || !same(attributeType(existing), attributeType(attribute))) edits.set([...path, 'attributes', name], attribute);
  }
  mergeKeyMap(edits, [...path, 'keys'], file['keys'], design['keys']);
  mergeKeyMap(edits, [...path, 'keysWhen'], file['keysWhen'], design['keysWhen']);
  edits.figures(path, file, design, ['count', 'averageItemBytes']);
}

function mergePatterns(edits: MergeEdits, file: unknown, design: readonly Plain[]): void {
  if (!Array.isArray(file) || file.length === 0) {
    if (design.length > 0) edits.set(['accessPatterns'], design);
    return;
  }
  const unmatched = file.filter(isRecord).filter((pattern) => typeof pattern['name'] === 'string');
  const take = (found: (pattern: Plain) => boolean) => {
    const index = unmatched.findIndex(found);
    return index < 0 ? undefined : unmatched.splice(index, 1)[0];
  };
  const pairs = design.map((pattern) => ({ pattern, existing: take((each) => questionKey(each['question']) === questionKey(pattern['question'])) }));
  for (const pair of pairs) pair.existing ??= take((each) => each['name'] === pair.pattern['name']);
  // The file's patterns the design no longer asks go first, so a new one of the same name is not taken for it.
  for (const gone of unmatched) edits.remove(['accessPatterns', gone['name'] as string]);
  const taken = new Set(pairs.map((pair) => pair.existing?.['name']));
  for (const { pattern, existing } of pairs) {
    if (existing === undefined) {
      // A name a kept pattern of the file holds would find that one: the new pattern takes the next free name.
      const base = pattern['name'] as string;
      let name = base;
      for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}${suffix}`;
      taken.add(name);
      edits.set(['accessPatterns', name], { ...pattern, name });
      continue;
    }
    // The same question keeps the name the file gave it (code and links may use it).
    const path = ['accessPatterns', existing['name'] as string];
    edits.field(path, existing, pattern, 'question');
    edits.figures(path, existing, pattern, ['rate', 'expectedItems']);
  }
}

/** The design's (assumed) write paths join only where the file has none of that kind for that entity. */
function mergeWritePaths(edits: MergeEdits, file: unknown, design: readonly Plain[]): void {
  if (!Array.isArray(file) || file.length === 0) {
    if (design.length > 0) edits.set(['writePaths'], design);
    return;
  }
  const fileWrites = file.filter(isRecord);
  for (const write of design) {
    const covered = fileWrites.some((each) => each['name'] === write['name'] || (each['entity'] === write['entity'] && each['kind'] === write['kind']));
    if (!covered) edits.set(['writePaths', write['name'] as string], write);
  }
}

function readFile(text: string): Plain {
  const document = parseDocument(text, { prettyErrors: false });
  if (document.errors.length > 0) throw new ModelEditError(`the model file does not read as YAML or JSON: ${document.errors[0]!.message.split('\n')[0]}; fix it, or clear the file to take the design as it is`);
  const data: unknown = document.toJS({ maxAliasCount: MAX_MODEL_ALIAS_COUNT });
  if (!isRecord(data)) throw new ModelEditError('the model file is not a map of name, tables, entities…; fix it, or clear the file to take the design as it is');
  return data;
}

/** The edits that bring the file's data to the design, keeping what the design does not decide. */
function designMergeEdits(fileData: Readonly<Plain>, design: Model): ModelEdit[] {
  const edits = new MergeEdits();
  const form = modelFileForm(design);
  const file = fileData as Plain;
  if (file['name'] === undefined) edits.set(['name'], design.name);

  // Tables: the design's, each edited in place; the file's others stay while an entity the design leaves alone is on them.
  const fileTables = named(file['tables']);
  const onlyFileTable = fileTables.size === 1 ? [...fileTables.keys()][0] : undefined;
  const designTables = named(form['tables']);
  for (const [name, table] of designTables) {
    const existing = fileTables.get(name);
    if (existing === undefined || !isRecord(existing)) edits.set(['tables', name], table);
    else mergeTable(edits, ['tables', name], existing, table as Plain);
  }

  const fileEntities = named(file['entities']);
  const designEntities = named(form['entities']);
  const keptEntities = [...fileEntities].filter(([name]) => !designEntities.has(name));
  const tableOf = (entity: unknown) => (isRecord(entity) && typeof entity['table'] === 'string' ? entity['table'] : onlyFileTable);
  const keptTables = new Set(keptEntities.map(([, entity]) => tableOf(entity)));
  const resultTables = new Set([...designTables.keys(), ...[...fileTables.keys()].filter((name) => keptTables.has(name))]);
  const manyTables = resultTables.size > 1;

  for (const entity of design.entities) {
    const path = ['entities', entity.name];
    const existing = fileEntities.get(entity.name);
    const entityForm = designEntities.get(entity.name) as Plain;
    if (existing === undefined || !isRecord(existing)) {
      edits.set(path, manyTables ? { table: entity.table, ...entityForm } : entityForm);
    } else {
      mergeEntity(edits, path, existing, entityForm, tableOf(existing), entity.table, manyTables);
    }
  }
  // An entity the design leaves alone keeps its table, named now that the file has more than one.
  for (const [name, entity] of keptEntities) {
    if (manyTables && isRecord(entity) && entity['table'] === undefined && onlyFileTable !== undefined) edits.set(['entities', name, 'table'], onlyFileTable);
  }
  for (const name of fileTables.keys()) if (!resultTables.has(name)) edits.remove(['tables', name]);

  mergePatterns(edits, file['accessPatterns'], (form['accessPatterns'] as Plain[] | undefined) ?? []);
  mergeWritePaths(edits, file['writePaths'], (form['writePaths'] as Plain[] | undefined) ?? []);
  return edits.edits;
}

/**
 * The model file's text with the design merged in (see the top of this file).
 * An empty file becomes the design's file; `source` (the file name) says JSON
 * or YAML. Throws ModelEditError when the file does not read.
 */
export function mergeDesignIntoText(text: string, design: Model, source?: string): string {
  const json = source !== undefined && /\.json$/i.test(source);
  if (text.trim() === '') return serializeModel(design, json ? 'json' : 'yaml');
  return applyModelEditsToText(text, designMergeEdits(readFile(text), design), source);
}
