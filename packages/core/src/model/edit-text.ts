/**
 * Model edits applied to the text of a model file, keeping what people wrote:
 * comments, blank lines, key order, quoting and flow or block style. YAML is
 * edited as a `yaml` Document (which holds comments) and printed again; lines
 * the edits did not touch are then taken from the original text verbatim, so
 * the printer's own spacing shows only on changed lines. JSON is edited as
 * data and printed with the file's indentation.
 */
import { isCollection, isMap, isNode, isScalar, isSeq, parseDocument, visit } from 'yaml';
import type { Document, Node, Pair, YAMLMap, YAMLSeq } from 'yaml';
import { applyEditsToValue, expandShorthand, ModelEditError, modelPathText } from './edits.js';
import type { ModelEdit, ModelEditValue } from './edits.js';
import { diffLines } from './line-diff.js';
import { MAX_MODEL_ALIAS_COUNT } from './limits.js';

type Collection = YAMLMap | YAMLSeq;

function looksLikeJson(text: string, source: string | undefined): boolean {
  if (source !== undefined && source !== '-') return /\.json$/i.test(source);
  if (!/^\s*\{/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The indentation of the first indented line: two spaces, four, a tab. */
function jsonIndent(text: string): string | number {
  const match = /\n([ \t]+)\S/.exec(text);
  return match ? match[1]! : 2;
}

function editJson(text: string, edits: readonly ModelEdit[]): string {
  const value = applyEditsToValue(JSON.parse(text), edits);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const printed = JSON.stringify(value, null, jsonIndent(text)).replace(/\n/g, eol);
  return /\r?\n$/.test(text) ? printed + eol : printed;
}

const FLOW_WIDTH = 100;

/** New collections of scalars print on one line (`{ name: GSI1PK, type: S }`), as the model files write them. */
function flowLeaves(node: Node): void {
  visit(node, {
    Collection(_, collection) {
      const items = isMap(collection) ? collection.items.map((pair) => pair.value) : collection.items;
      const leaf = items.length > 0 && items.every((item) => isScalar(item) || (isSeq(item) && item.items.every(isScalar)));
      if (leaf && JSON.stringify(collection.toJSON()).length <= FLOW_WIDTH) collection.flow = true;
    },
  });
}

function namedItem(seq: YAMLSeq, name: string): number {
  return seq.items.findIndex((item) => isMap(item) && item.get('name') === name);
}

function childOf(collection: Collection, segment: string): unknown {
  if (isSeq(collection)) {
    const index = namedItem(collection, segment);
    return index < 0 ? undefined : collection.items[index];
  }
  return collection.get(segment, true);
}

/** Moves the comment above a node that is going away onto what follows it, so no comment is lost. */
function keepCommentOf(collection: Collection, index: number): void {
  const item = collection.items[index];
  const node = (isMap(collection) ? (item as Pair).key : item) as unknown;
  const comment = isNode(node) ? node.commentBefore : undefined;
  if (!comment) return;
  const next = collection.items[index + 1];
  const target = (isMap(collection) ? (next as Pair | undefined)?.key : next) as unknown;
  if (isNode(target)) target.commentBefore = target.commentBefore ? `${comment}\n${target.commentBefore}` : comment;
  else collection.comment = collection.comment ? `${comment}\n${collection.comment}` : comment;
}

class YamlEditor {
  constructor(private readonly document: Document) {}

  private create(value: unknown, like?: unknown): Node {
    const node = this.document.createNode(value) as Node;
    if (isCollection(node)) {
      flowLeaves(node);
      if (isCollection(like)) node.flow = like.flow === true;
    }
    if (isNode(like)) {
      node.comment = like.comment;
      node.commentBefore = like.commentBefore;
      node.spaceBefore = like.spaceBefore;
    }
    return node;
  }

  private put(collection: Collection, segment: string, node: Node): void {
    if (isSeq(collection)) {
      const index = namedItem(collection, segment);
      if (isMap(node) && !node.has('name')) node.items.unshift(this.document.createPair('name', segment));
      if (index < 0) collection.items.push(node);
      else collection.items[index] = node;
      return;
    }
    collection.set(this.document.createNode(segment), node);
  }

  private remove(collection: Collection, segment: string): void {
    const index = isSeq(collection)
      ? namedItem(collection, segment)
      : collection.items.findIndex((pair) => (isScalar(pair.key) ? pair.key.value : pair.key) === segment);
    if (index < 0) return;
    keepCommentOf(collection, index);
    collection.items.splice(index, 1);
  }

  apply(edit: ModelEdit): void {
    if (edit.path.length === 0) throw new ModelEditError('a model edit needs a path');
    const root = this.document.contents;
    if (!isMap(root)) throw new ModelEditError('a model is a map');
    let node: Collection = root;
    for (let depth = 0; depth < edit.path.length - 1; depth++) {
      const segment = edit.path[depth]!;
      let next = childOf(node, segment);
      if (next === undefined || (isScalar(next) && next.value === null)) {
        if (edit.op === 'remove') return;
        this.put(node, segment, this.create({}, next));
        next = childOf(node, segment);
        if (isCollection(next)) next.flow = false;
      } else if (isScalar(next)) {
        const expanded = expandShorthand(edit.path.slice(0, depth + 1), next.value);
        if (expanded === undefined) throw new ModelEditError(`cannot edit inside ${modelPathText(edit.path.slice(0, depth + 1))}: it is not a map or a list`);
        if (edit.op === 'remove' && !Object.hasOwn(expanded, edit.path[depth + 1]!)) return;
        const map = this.create(expanded, next);
        if (isCollection(map)) map.flow = true;
        this.put(node, segment, map);
        next = childOf(node, segment);
      }
      if (!isCollection(next)) throw new ModelEditError(`cannot edit inside ${modelPathText(edit.path.slice(0, depth + 1))}: it is not a map or a list`);
      node = next;
    }
    const last = edit.path[edit.path.length - 1]!;
    if (edit.op === 'remove') {
      this.remove(node, last);
      return;
    }
    const existing = childOf(node, last);
    if (isScalar(existing) && (edit.value === null || typeof edit.value !== 'object')) {
      existing.value = edit.value;
      return;
    }
    this.put(node, last, this.create(edit.value as ModelEditValue, existing));
  }
}

/**
 * Takes the original line for every line the edit did not change. `printedBefore`
 * is the untouched document as the printer writes it; when it has a different
 * number of lines than the original, the lines cannot be matched and the
 * printer's text is returned.
 */
function keepUnchangedLines(original: string, printedBefore: string, printedAfter: string): string {
  const originalLines = original.replace(/\n$/, '').split('\n');
  const beforeLines = printedBefore.replace(/\n$/, '').split('\n');
  if (originalLines.length !== beforeLines.length) return printedAfter;
  const out: string[] = [];
  let line = 0;
  for (const entry of diffLines(printedBefore, printedAfter)) {
    if (entry.kind === 'same') out.push(originalLines[line++]!);
    else if (entry.kind === 'remove') line++;
    else out.push(entry.text);
  }
  return out.join('\n') + (original.endsWith('\n') || original === '' ? '\n' : '');
}

function editYaml(text: string, edits: readonly ModelEdit[]): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const plain = eol === '\r\n' ? text.replace(/\r\n/g, '\n') : text;
  const options = { lineWidth: 0 } as const;
  const document = parseDocument(plain, { keepSourceTokens: false });
  if (document.errors.length > 0) throw new ModelEditError(`the model file does not read as YAML: ${document.errors[0]!.message.split('\n')[0]}`);
  const before = document.toString(options);
  const editor = new YamlEditor(document);
  for (const edit of edits) editor.apply(edit);
  // The edited document must still read as the same kind of data (no alias blow-up).
  document.toJS({ maxAliasCount: MAX_MODEL_ALIAS_COUNT });
  const after = document.toString(options);
  const merged = keepUnchangedLines(plain, before, after);
  // The merge matched lines by position; should that ever pair the wrong lines, the printer's text is the safe answer.
  const same = (text: string) => JSON.stringify(parseDocument(text).toJS({ maxAliasCount: MAX_MODEL_ALIAS_COUNT }));
  if (merged !== after && same(merged) !== same(after)) {
    return eol === '\r\n' ? after.replace(/\n/g, '\r\n') : after;
  }
  return eol === '\r\n' ? merged.replace(/\n/g, '\r\n') : merged;
}

/**
 * The model file's text with the edits applied. `source` (the file name)
 * decides JSON (`.json`) or YAML; without one, text that parses as JSON is
 * treated as JSON. Throws ModelEditError when an edit cannot be applied.
 */
export function applyModelEditsToText(text: string, edits: readonly ModelEdit[], source?: string): string {
  if (edits.length === 0) return text;
  return looksLikeJson(text, source) ? editJson(text, edits) : editYaml(text, edits);
}
