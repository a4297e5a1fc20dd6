import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropDraft, keepDraft, readDraft } from '../../src/workbench/editor/editor-draft.js';

function storage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('drafts of unsaved edits', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a draft per item until it is dropped', () => {
    vi.stubGlobal('sessionStorage', storage());
    expect(readDraft('c/T/PK = a')).toBeUndefined();
    expect(keepDraft('c/T/PK = a', { text: '{"PK": "a", "n": 1}', mode: 'plain' })).toBe(true);
    expect(readDraft('c/T/PK = a')).toEqual({ text: '{"PK": "a", "n": 1}', mode: 'plain' });
    expect(readDraft('c/T/PK = b')).toBeUndefined();
    dropDraft('c/T/PK = a');
    expect(readDraft('c/T/PK = a')).toBeUndefined();
  });

  it('ignores what it cannot read, and says when the browser would not keep a draft', () => {
    const broken = storage();
    broken.setItem('dynotable.editor-draft:x', '{not json');
    vi.stubGlobal('sessionStorage', broken);
    expect(readDraft('x')).toBeUndefined();
    vi.stubGlobal('sessionStorage', { ...storage(), setItem: () => { throw new Error('QuotaExceededError'); } });
    expect(keepDraft('x', { text: '{}', mode: 'typed' })).toBe(false);
  });
});
