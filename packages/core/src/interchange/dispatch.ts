/** One entry point per direction, for the CLI and the web UI: a format name in, text out (and back). */
import { jsonTooDeepMessage, nestsDeeperThan } from '../input/strict-text.js';
import { MAX_MODEL_NESTING, parseModel } from '../model/parse.js';
import type { Model } from '../model/types.js';
import { toCdk } from './cdk.js';
import { toCloudFormation } from './cloudformation.js';
import { fileStem } from './identifiers.js';
import { noSqlWorkbenchLosses, toNoSqlWorkbench } from './nosql-workbench-export.js';
import type { NoSqlWorkbenchExportOptions } from './nosql-workbench-export.js';
import { fromNoSqlWorkbench, InterchangeError } from './nosql-workbench-import.js';
import type { InterchangeImport } from './nosql-workbench-import.js';
import { toTerraform } from './terraform.js';

export const EXPORT_FORMATS = ['cloudformation-json', 'cloudformation-yaml', 'cdk', 'terraform', 'nosql-workbench'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const IMPORT_FORMATS = ['nosql-workbench', 'dynotable'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ExportedFile {
  /** A suggested file name: `leaderboard.template.yaml`, `leaderboard-stack.ts`, ... */
  readonly fileName: string;
  readonly text: string;
  /** What the format cannot hold of the model; empty when nothing is lost. */
  readonly warnings: string[];
}

export interface ExportOptions {
  /** nosql-workbench only: sample items and metadata. */
  readonly noSqlWorkbench?: NoSqlWorkbenchExportOptions;
}

export function exportModel(model: Model, format: ExportFormat, options: ExportOptions = {}): ExportedFile {
  const stem = fileStem(model.name);
  switch (format) {
    case 'cloudformation-json':
      return { fileName: `${stem}.template.json`, text: toCloudFormation(model, 'json'), warnings: [] };
    case 'cloudformation-yaml':
      return { fileName: `${stem}.template.yaml`, text: toCloudFormation(model, 'yaml'), warnings: [] };
    case 'cdk':
      return { fileName: `${stem}-stack.ts`, text: toCdk(model), warnings: [] };
    case 'terraform':
      return { fileName: `${stem}.tf`, text: toTerraform(model), warnings: [] };
    case 'nosql-workbench':
      return {
        fileName: `${stem}.nosql-workbench.json`,
        text: `${JSON.stringify(toNoSqlWorkbench(model, options.noSqlWorkbench), null, 2)}\n`,
        warnings: noSqlWorkbenchLosses(model),
      };
    default:
      throw new InterchangeError(`unknown export format "${String(format)}"; use one of ${EXPORT_FORMATS.join(', ')}`);
  }
}

/** A NoSQL Workbench model is a JSON object with DataModel (and ModelName); anything else is a DynoTable model file. */
export function detectImportFormat(text: string): ImportFormat {
  if (!/^\s*\{/.test(text)) return 'dynotable';
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === 'object' && json !== null && ('DataModel' in json || 'ModelMetadata' in json)) return 'nosql-workbench';
  } catch {
    // Not JSON: the model parser reports the syntax error.
  }
  return 'dynotable';
}

/**
 * Reads a model from text; throws InterchangeError (bad NoSQL Workbench JSON)
 * or ModelError (bad model file). `source` (a file name) prefixes model errors.
 */
export function importModel(text: string, format: ImportFormat = detectImportFormat(text), source?: string): InterchangeImport {
  if (format === 'dynotable') return { model: parseModel(text, source), warnings: [] };
  if (format !== 'nosql-workbench') throw new InterchangeError(`unknown import format "${String(format)}"; use one of ${IMPORT_FORMATS.join(', ')}`);
  // Before anything walks the parsed JSON by recursion.
  if (nestsDeeperThan(text, MAX_MODEL_NESTING)) throw new InterchangeError(jsonTooDeepMessage('the file', MAX_MODEL_NESTING));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InterchangeError(`not JSON: ${(error as Error).message}`);
  }
  return fromNoSqlWorkbench(json);
}
