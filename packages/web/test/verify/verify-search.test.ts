import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ConnectionInfo } from '../../src/api/types.js';
import { canVerifyOn, kindLabel, safetyLabel, whereLabel } from '../../src/verify/connection-labels.js';
import { chosenConnection, readChoices, readItems, readSeed, writeChoices, type VerifyChoices } from '../../src/verify/verify-search.js';

const connection = (id: string, kind: ConnectionInfo['kind'], safety: ConnectionInfo['safety'] = 'full', extra: Partial<ConnectionInfo> = {}): ConnectionInfo => ({
  id,
  name: id,
  kind,
  safety,
  ...extra,
});

describe("the verify page's choices", () => {
  it('round-trip through the URL, other parameters kept', () => {
    const choices = fc.record({
      connection: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
      items: fc.string(),
      seed: fc.string(),
      keep: fc.boolean(),
    });
    fc.assert(
      fc.property(choices, (chosen: VerifyChoices) => {
        const search = writeChoices('theme=dark', chosen);
        expect(readChoices(search)).toEqual(chosen);
        expect(new URLSearchParams(search).get('theme')).toBe('dark');
      }),
    );
  });

  it('leaves the defaults out of the URL', () => {
    expect(writeChoices('', readChoices(''))).toBe('');
    expect(readChoices('')).toEqual({ connection: undefined, items: '1000', seed: '1', keep: false });
  });

  it('verifies on the connection in the URL, else the embedded engine, else the first', () => {
    const list = [connection('local', 'dynamodb-local'), connection('engine', 'embedded'), connection('prod', 'aws', 'confirm-writes', { region: 'eu-west-1' })];
    expect(chosenConnection(list, 'prod')?.id).toBe('prod');
    expect(chosenConnection(list, undefined)?.id).toBe('engine');
    expect(chosenConnection(list, 'gone')?.id).toBe('engine');
    expect(chosenConnection([list[0]!], undefined)?.id).toBe('local');
    expect(chosenConnection([], undefined)).toBeUndefined();
  });

  it('reads the options within the bounds the server takes', () => {
    expect(readItems('1000')).toEqual({ ok: true, value: 1000 });
    expect(readItems('0').ok).toBe(false);
    expect(readItems('1000001').ok).toBe(false);
    expect(readItems('12.5').ok).toBe(false);
    expect(readSeed('0')).toEqual({ ok: true, value: 0 });
    expect(readSeed(String(2 ** 31 - 1)).ok).toBe(true);
    expect(readSeed(String(2 ** 31)).ok).toBe(false);
    expect(readSeed('-1').ok).toBe(false);
  });

  it('names each connection with its kind, where it points and its safety mode', () => {
    const aws = connection('prod', 'aws', 'confirm-writes', { region: 'eu-west-1', profile: 'dev' });
    expect(kindLabel(aws.kind)).toBe('AWS');
    expect(whereLabel(aws)).toBe('eu-west-1, profile dev');
    expect(safetyLabel(aws.safety)).toBe('asks before writing');
    expect(whereLabel(connection('e', 'embedded'))).toBe('in memory');
    expect(canVerifyOn(connection('r', 'endpoint', 'read-only'))).toBe(false);
    expect(canVerifyOn(aws)).toBe(true);
  });
});
