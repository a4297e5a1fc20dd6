/**
 * The shape check: the model file against MODEL_JSON_SCHEMA, with ajv's errors
 * turned into one readable message per mistake at a named path.
 */
import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ModelProblem } from './errors.js';
import { MODEL_JSON_SCHEMA } from './schema.js';
import { didYouMean, quotedList, quotedNames } from './suggest.js';

type SchemaNode = Record<string, unknown>;

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  compiled ??= new Ajv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true }).compile(MODEL_JSON_SCHEMA);
  return compiled;
}

const DEFINITIONS = MODEL_JSON_SCHEMA.definitions as unknown as Record<string, SchemaNode>;

function resolve(node: SchemaNode): SchemaNode {
  const ref = node['$ref'];
  if (typeof ref === 'string') return DEFINITIONS[ref.replace('#/definitions/', '')] ?? node;
  return node;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function branchTypes(branch: SchemaNode): string[] {
  const node = resolve(branch);
  const type = node['type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type as string[];
  const values = node['enum'];
  if (Array.isArray(values)) return [...new Set(values.map(jsonType))];
  return [];
}

function typeAccepts(types: readonly string[], value: unknown): boolean {
  const actual = jsonType(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: 'a map',
  array: 'a list',
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'empty',
};

function describeValue(value: unknown): string {
  const type = jsonType(value);
  if (type === 'string') return `the string "${String(value)}"`;
  if (type === 'number' || type === 'integer' || type === 'boolean') return String(value);
  return TYPE_WORDS[type] ?? type;
}

function describeBranch(branch: SchemaNode): string {
  const node = resolve(branch);
  const values = node['enum'];
  if (Array.isArray(values)) return `one of ${quotedList(values.map(String))}`;
  if (node['type'] === 'object' && node['additionalProperties'] !== undefined && typeof node['additionalProperties'] === 'object') {
    return 'a map keyed by name';
  }
  if (node['type'] === 'array' && resolve((node['items'] ?? {}) as SchemaNode)['required'] !== undefined) return 'a list of objects with `name`';
  return branchTypes(node)
    .map((type) => TYPE_WORDS[type] ?? type)
    .join(' or ');
}

/** Dotted path; list items are named by their `name` when they have one. */
function readablePath(instancePath: string, root: unknown): string {
  const segments = instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  let path = '';
  let node: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      const item: unknown = node[Number(segment)];
      const name = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)['name'] : undefined;
      path = typeof name === 'string' && name !== '' ? `${path}.${name}` : `${path}[${segment}]`;
      node = item;
    } else {
      path = path === '' ? segment : `${path}.${segment}`;
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
    }
  }
  return path.replace(/^\./, '');
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Drops the errors of anyOf branches that do not fit the value's type; they only
 * add noise. A branch that is a $ref reports under the referenced definition's
 * path, so that path is dropped too (for the same value only).
 */
function relevantErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  const droppedBranches: { instancePath: string; schemaPrefix: string }[] = [];
  for (const error of errors) {
    if (error.keyword !== 'anyOf') continue;
    const branches = error.schema as SchemaNode[];
    const fitting = branches.findIndex((branch) => typeAccepts(branchTypes(branch), error.data));
    branches.forEach((branch, index) => {
      if (index === fitting) return;
      droppedBranches.push({ instancePath: error.instancePath, schemaPrefix: `${error.schemaPath}/${index}/` });
      const ref = branch['$ref'];
      if (typeof ref === 'string') droppedBranches.push({ instancePath: error.instancePath, schemaPrefix: `${ref}/` });
    });
    if (fitting >= 0) dropped.add(error);
  }
  const within = (error: ErrorObject, instancePath: string): boolean =>
    error.instancePath === instancePath || error.instancePath.startsWith(`${instancePath}/`);
  return errors.filter(
    (error) =>
      !dropped.has(error) &&
      !droppedBranches.some((branch) => within(error, branch.instancePath) && error.schemaPath.startsWith(branch.schemaPrefix)),
  );
}

function problemOf(error: ErrorObject, root: unknown): ModelProblem {
  const path = readablePath(error.instancePath, root);
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params['additionalProperty']);
      const allowed = Object.keys((parent['properties'] ?? {}) as SchemaNode).filter((name) => name !== '$schema');
      return {
        path: join(path, key),
        message: `unknown key "${key}".${didYouMean(key, allowed)} Keys allowed here: ${quotedNames(allowed)}.`,
      };
    }
    case 'required': {
      const key = String(params['missingProperty']);
      const property = ((parent['properties'] ?? {}) as Record<string, SchemaNode>)[key];
      const description = property ? resolve(property)['description'] ?? property['description'] : undefined;
      return { path: join(path, key), message: `is required; add it${typeof description === 'string' ? ` (${description})` : ''}` };
    }
    case 'type': {
      const types = String(params['type']).split(',');
      const wanted = types.map((type) => TYPE_WORDS[type] ?? type).join(' or ');
      return { path, message: `must be ${wanted}, not ${describeValue(error.data)}` };
    }
    case 'enum': {
      const values = (error.schema as unknown[]).map(String);
      const text = String(error.data);
      const include = text === 'INCLUDE' ? ' For INCLUDE, list the attributes instead: `projection: [a, b]`.' : '';
      return { path, message: `"${text}" is not allowed.${didYouMean(text, values)}${include} Use ${quotedList(values)}.` };
    }
    case 'anyOf': {
      if (Array.isArray(error.data) && /(^|\.)(partitionKey|sortKey)$/.test(path)) {
        return { path, message: 'takes one key attribute; a list (a multi-attribute key) is allowed only for a global secondary index\'s partitionKey or sortKey' };
      }
      const branches = (error.schema as SchemaNode[]).map(describeBranch);
      return { path, message: `must be ${branches.join(', or ')}, not ${describeValue(error.data)}` };
    }
    case 'minimum':
      return { path, message: `must be at least ${String(params['limit'])}, not ${String(error.data)}` };
    case 'maximum':
      return { path, message: `must be at most ${String(params['limit'])}, not ${String(error.data)}` };
    case 'uniqueItems':
      return { path, message: `lists ${describeValue((error.data as unknown[])[Number(params['i'])])} twice; list each once` };
    case 'minLength':
      return { path, message: 'must not be empty' };
    default:
      return { path, message: error.message ?? `fails the ${error.keyword} rule of the model schema` };
  }
}

/** Every shape problem of a parsed model file; empty when the shape is sound. */
export function shapeProblems(raw: unknown): ModelProblem[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    const what = raw === null || raw === undefined ? 'the file is empty' : `not ${describeValue(raw)}`;
    return [{ path: '', message: `the model must be a map with at least "tables" and "entities"; ${what}` }];
  }
  const validate = validator();
  if (validate(raw)) return [];
  const seen = new Set<string>();
  const problems: ModelProblem[] = [];
  for (const error of relevantErrors(validate.errors ?? [])) {
    const problem = problemOf(error, raw);
    const key = `${problem.path}\n${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}
