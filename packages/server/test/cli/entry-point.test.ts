import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The real entry point, run from the sources (tsx resolves @dynotable/core through the test tsconfig's paths). */
function dynotable(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/run.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.test.json' },
  });
}

describe('the dynotable process', () => {
  it('sets the exit status and writes to the right stream', () => {
    const ok = dynotable('expr', 'key', 'PK = "a"');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).KeyConditionExpression).toMatch(/^PK = :\w+$/);

    const bad = dynotable('expr', 'key', 'PK = = "a"');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^ValidationException: Invalid KeyConditionExpression: Syntax error/);
    expect(bad.stderr).toContain('^');

    expect(dynotable('frobnicate').status).toBe(2);
  });
});
