import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectImportFormat, EXPORT_FORMATS, exportModel, importModel, InterchangeError, toCdk, toCloudFormation, toNoSqlWorkbench, toTerraform } from '../../src/interchange/index.js';
import { ModelError, parseModel, serializeModel } from '../../src/model/index.js';
import { INVENTORY, loadExample } from './fixtures.js';

describe('exportModel', () => {
  it('gives each format its generator text and a file name from the model name', () => {
    const model = loadExample('ticket-desk');
    const files = Object.fromEntries(EXPORT_FORMATS.map((format) => [format, exportModel(model, format)]));
    expect(files['cloudformation-json']).toEqual({ fileName: 'ticket-desk.template.json', text: toCloudFormation(model, 'json'), warnings: [] });
    expect(files['cloudformation-yaml']).toEqual({ fileName: 'ticket-desk.template.yaml', text: toCloudFormation(model, 'yaml'), warnings: [] });
    expect(files['cdk']).toEqual({ fileName: 'ticket-desk-stack.ts', text: toCdk(model), warnings: [] });
    expect(files['terraform']).toEqual({ fileName: 'ticket-desk.tf', text: toTerraform(model), warnings: [] });
    const workbench = files['nosql-workbench']!;
    expect(workbench.fileName).toBe('ticket-desk.nosql-workbench.json');
    const { ModelMetadata: _a, ...rest } = JSON.parse(workbench.text);
    const { ModelMetadata: _b, ...expected } = toNoSqlWorkbench(model);
    expect(rest).toEqual(expected);
    // keysWhen and the access patterns do not fit the format, and the export says so.
    expect(workbench.warnings.join('\n')).toMatch(/entity Ticket: sparse key conditions/);
  });

  it('refuses an unknown format by name', () => {
    expect(() => exportModel(INVENTORY, 'pulumi' as never)).toThrow(/unknown export format "pulumi"/);
  });
});

describe('importModel', () => {
  it('detects NoSQL Workbench JSON and DynoTable model files by content', () => {
    const workbench = JSON.stringify(toNoSqlWorkbench(loadExample('leaderboard')));
    expect(detectImportFormat(workbench)).toBe('nosql-workbench');
    expect(detectImportFormat(readFileSync(new URL('../../../../examples/leaderboard.yaml', import.meta.url), 'utf8'))).toBe('dynotable');
    expect(detectImportFormat('{"name": "x", "tables": {}}')).toBe('dynotable');
    expect(importModel(workbench).model.tables[0]!.name).toBe('Leaderboard');
  });

  it('reads a DynoTable model file as parseModel does', () => {
    const text = readFileSync(new URL('../../../../examples/audit-log.yaml', import.meta.url), 'utf8');
    const imported = importModel(text);
    expect(imported).toEqual({ model: loadExample('audit-log'), warnings: [] });
    expect(() => importModel('tables: [', 'dynotable')).toThrow(ModelError);
  });

  it('says when the text is not JSON for NoSQL Workbench', () => {
    expect(() => importModel('ModelName: x', 'nosql-workbench')).toThrow(InterchangeError);
  });
});

describe('the inline test model', () => {
  it('is a valid model file', () => {
    expect(parseModel(serializeModel(INVENTORY, 'yaml'))).toEqual(INVENTORY);
  });
});
