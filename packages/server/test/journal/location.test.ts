import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUiArgs } from '../../src/cli/ui-args.js';
import { defaultDataDir } from '../../src/connections/data-dir.js';
import { journalForUi, journalPath } from '../../src/journal/location.js';

describe('where the journal is', () => {
  const env = { XDG_DATA_HOME: '/home/u/data' };

  it('sits beside the per-user engine folder unless --journal or DYNOTABLE_JOURNAL says otherwise', () => {
    expect(journalPath(undefined, env)).toBe(join('/home/u/data', 'dynotable', 'journal.jsonl'));
    expect(join(defaultDataDir(env), '..', 'journal.jsonl')).toBe(journalPath(undefined, env));
    expect(journalPath(undefined, { ...env, DYNOTABLE_JOURNAL: '/tmp/j.jsonl' })).toBe('/tmp/j.jsonl');
    expect(journalPath('/srv/flag.jsonl', { ...env, DYNOTABLE_JOURNAL: '/tmp/j.jsonl' })).toBe('/srv/flag.jsonl');
  });

  it('stays in memory for a throwaway --in-memory session, and goes to the file otherwise', () => {
    expect(journalForUi(parseUiArgs(['--in-memory'], env), env).location).toBeUndefined();
    expect(journalForUi(parseUiArgs(['--in-memory', '--journal', '/tmp/x.jsonl'], env), env).location).toBe('/tmp/x.jsonl');
    expect(journalForUi(parseUiArgs(['--in-memory'], { ...env, DYNOTABLE_JOURNAL: '/tmp/e.jsonl' }), { ...env, DYNOTABLE_JOURNAL: '/tmp/e.jsonl' }).location).toBe('/tmp/e.jsonl');
    expect(journalForUi(parseUiArgs([], env), env).location).toBe(join('/home/u/data', 'dynotable', 'journal.jsonl'));
  });
});
