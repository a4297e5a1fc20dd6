/** How the Changes view reads a stream record: its key in key-schema order, the filters, and the diff or the one image a view type keeps. */
import { describe, expect, it } from 'vitest';
import type { StreamRecordJson } from '../../src/api/types.js';
import { recordChange, recordKeyText, recordMatches } from '../../src/changes/record-view.js';

const KEY_NAMES = ['PK', 'SK'];
const keys = { SK: { S: 'TICKET' }, PK: { S: 'TICKET#8842' } };
const before = { ...keys, status: { S: 'open' }, owner: { S: 'ana' } };
const after = { ...keys, status: { S: 'closed' }, closedAt: { S: '2026-06-01' } };

function record(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', images: { OldImage?: typeof before; NewImage?: typeof after }): StreamRecordJson {
  return { eventName, dynamodb: { Keys: keys, ...images } };
}

describe('the Changes view’s reading of a record', () => {
  it('names the key partition key first, and filters by key text (any case) and event', () => {
    const modify = record('MODIFY', { OldImage: before, NewImage: after });
    expect(recordKeyText(modify, KEY_NAMES)).toBe('PK = TICKET#8842, SK = TICKET');
    expect(recordMatches(modify, { keyText: 'ticket#88', event: 'ALL' }, KEY_NAMES)).toBe(true);
    expect(recordMatches(modify, { keyText: '  ', event: 'MODIFY' }, KEY_NAMES)).toBe(true);
    expect(recordMatches(modify, { keyText: 'TICKET#9', event: 'ALL' }, KEY_NAMES)).toBe(false);
    expect(recordMatches(modify, { keyText: '', event: 'REMOVE' }, KEY_NAMES)).toBe(false);
  });

  it('diffs a MODIFY attribute by attribute, an INSERT as all added, a REMOVE as all removed', () => {
    const modify = recordChange(record('MODIFY', { OldImage: before, NewImage: after }), KEY_NAMES);
    expect(modify.kind === 'diff' && modify.rows.map((row) => `${row.name}:${row.change}`)).toEqual(['SK:unchanged', 'PK:unchanged', 'status:changed', 'owner:removed', 'closedAt:added']);
    const insert = recordChange(record('INSERT', { NewImage: after }), KEY_NAMES);
    expect(insert.kind === 'diff' && insert.rows.every((row) => row.change === 'added')).toBe(true);
    const remove = recordChange(record('REMOVE', { OldImage: before }), KEY_NAMES);
    expect(remove.kind === 'diff' && remove.rows.every((row) => row.change === 'removed')).toBe(true);
  });

  it('shows the one image a NEW_IMAGE or OLD_IMAGE stream keeps of a MODIFY, and the keys of a KEYS_ONLY one, without inventing a change', () => {
    expect(recordChange(record('MODIFY', { NewImage: after }), KEY_NAMES)).toEqual({ kind: 'image', label: 'New image (the stream keeps no old image)', item: after });
    expect(recordChange(record('MODIFY', { OldImage: before }), KEY_NAMES)).toEqual({ kind: 'image', label: 'Old image (the stream keeps no new image)', item: before });
    expect(recordChange(record('REMOVE', {}), KEY_NAMES)).toEqual({ kind: 'image', label: 'Keys (the stream keeps no images)', item: keys });
  });
});
