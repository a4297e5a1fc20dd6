/**
 * Item checks on a GSI with a multi-attribute key: every partition and sort
 * attribute of the index is a derived key of its own, checked, recomputed and
 * typed (N or S) by the index's declaration, not only the first of each role.
 */
import { describe, expect, it } from 'vitest';
import { buildEntityItem, deriveForEdit, itemChecker } from '@dynotable/core';
import { fleetModel } from './models.js';

const MODEL = fleetModel();

const S = (text: string) => ({ S: text });
const N = (text: string) => ({ N: text });
const SOURCE = { tripId: S('1'), tenantId: S('acme'), regionCode: N('44'), startedAt: S('2026-06-23T10:00:00Z'), sequence: N('3') };

describe('model items on a multi-attribute GSI key', () => {
  it('builds every key attribute of the index, each with its declared type', () => {
    const built = buildEntityItem(MODEL, 'Trip', SOURCE);
    expect(built.problems).toEqual([]);
    expect(built.item).toMatchObject({ tenant: S('T#acme'), region: N('44'), day: S('2026-06-23T10:00:00Z'), seq: N('3') });
  });

  it('finds a stale second partition attribute and a stale last sort attribute', () => {
    const built = buildEntityItem(MODEL, 'Trip', SOURCE).item;
    const check = itemChecker(MODEL, 'Fleet')({ ...built, region: N('45'), seq: N('9') });
    expect(check.entity).toBe('Trip');
    expect(check.mismatches.map((mismatch) => [mismatch.attribute, mismatch.expected])).toEqual([
      ['region', '44'],
      ['seq', '3'],
    ]);
  });

  it('recomputes the later key attributes when their sources change', () => {
    const loaded = buildEntityItem(MODEL, 'Trip', SOURCE).item;
    const edit = deriveForEdit(MODEL, 'Fleet', loaded, { ...loaded, regionCode: N('7'), sequence: N('4') });
    expect(edit.recomputed.map((each) => [each.attribute, each.after])).toEqual([
      ['region', '7'],
      ['seq', '4'],
    ]);
    expect(edit.item).toMatchObject({ region: N('7'), seq: N('4') });
    expect(edit.movesItem).toBe(false);
  });
});
