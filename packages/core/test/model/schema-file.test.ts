import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODEL_JSON_SCHEMA } from '@dynotable/core';

const schemaFile = new URL('../../../../schema/dynotable-model.schema.json', import.meta.url);
const expected = `${JSON.stringify(MODEL_JSON_SCHEMA, null, 2)}\n`;

describe('schema/dynotable-model.schema.json', () => {
  it('is MODEL_JSON_SCHEMA', () => {
    // Regenerates the published file on request; the assertion below still compares.
    if (process.env['UPDATE_MODEL_SCHEMA'] === '1') writeFileSync(schemaFile, expected);
    const published = readFileSync(schemaFile, 'utf8');
    expect(
      published,
      'schema/dynotable-model.schema.json is out of date; regenerate it with: UPDATE_MODEL_SCHEMA=1 npx vitest run --project unit packages/core/test/model/schema-file.test.ts',
    ).toBe(expected);
  });
});
