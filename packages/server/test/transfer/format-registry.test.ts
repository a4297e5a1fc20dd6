/**
 * The registry of data formats (core's DATA_FORMAT_INFO, with the server's
 * readers and writers) drives every place that lists formats: the CLI's help,
 * the API's accepted formats, and the web's import/export dialog.
 */
import { describe, expect, it } from 'vitest';
import { DATA_FORMAT_INFO } from '@dynotable/core';
import { TRANSFER_FORMAT_OPTIONS } from '../../../web/src/app/transfer-formats.js';
import { transferRoutes } from '../../src/api/transfer-routes.js';
import { DATA_EXPORT_HELP, DATA_IMPORT_HELP } from '../../src/cli/data-help.js';
import { FORMATS } from '../../src/transfer/formats.js';

const EXPORT = '/api/connections/:connectionId/tables/:table/export';
const IMPORT = '/api/connections/:connectionId/tables/:table/import';

function routeInput(path: string) {
  const route = transferRoutes.find((candidate) => candidate.path === path);
  if (route === undefined) throw new Error(`no route ${path}`);
  return route.input;
}

describe('the data format registry', () => {
  it('pairs every format of core with a reader and a writer, in core’s order', () => {
    expect(FORMATS.map((entry) => entry.name)).toEqual(DATA_FORMAT_INFO.map((info) => info.name));
    for (const entry of FORMATS) {
      expect(typeof entry.read).toBe('function');
      expect(typeof entry.write).toBe('function');
    }
  });

  it('has one name and one label per format', () => {
    expect(new Set(DATA_FORMAT_INFO.map((info) => info.name)).size).toBe(DATA_FORMAT_INFO.length);
    expect(new Set(DATA_FORMAT_INFO.map((info) => info.label)).size).toBe(DATA_FORMAT_INFO.length);
    // "Plain JSON" means one thing: plain JSON lines, the lossy format.
    for (const info of DATA_FORMAT_INFO) expect(/plain json/i.test(info.label)).toBe(info.name === 'jsonl');
  });

  for (const info of DATA_FORMAT_INFO) {
    it(`${info.name}: in the CLI help, accepted by the API, offered by the web with its label`, () => {
      for (const help of [DATA_EXPORT_HELP, DATA_IMPORT_HELP]) {
        expect(help).toMatch(new RegExp(`^  ${info.name} +${info.help[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
      }
      expect(routeInput(EXPORT).safeParse({ format: info.name }).success).toBe(true);
      expect(routeInput(IMPORT).safeParse({ format: info.name, content: '' }).success).toBe(true);
      expect(TRANSFER_FORMAT_OPTIONS).toContainEqual({ format: info.name, label: info.label });
    });
  }

  it('the API refuses a format the registry does not have, naming those it has', () => {
    const parsed = routeInput(EXPORT).safeParse({ format: 'xml' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(`use one of ${DATA_FORMAT_INFO.map((info) => info.name).join(', ')}`);
  });

  it('the web offers exactly the registry’s formats', () => {
    expect(TRANSFER_FORMAT_OPTIONS.map((option) => option.format)).toEqual(DATA_FORMAT_INFO.map((info) => info.name));
  });
});
