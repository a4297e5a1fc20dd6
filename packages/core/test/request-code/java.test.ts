import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateJava } from '@dynotable/core';
import { codegenRequest, hasCommand, RICH_REQUEST, wire } from './fixtures.js';
import { runJava } from './run-java.js';

const java = hasCommand('javac', ['-version']) && hasCommand('java', ['-version']);

// Skipped locally without a JDK; in CI (CI=true), where .ci/run installs one, a missing javac fails.
describe.runIf(java || Boolean(process.env.CI))('Java (SDK 2.x)', () => {
  it('compiles against the SDK signatures and builds exactly the request', () => {
    expect(java, 'javac and java (a JDK, e.g. Debian openjdk-17-jdk-headless) must be on PATH').toBe(true);
    const requests = [RICH_REQUEST, ...fc.sample(codegenRequest, 40)];
    const programs = requests.map(generateJava);
    expect(programs[0]).toContain('.keyConditionExpression("#pk = :pk AND #sk BETWEEN :lo AND :hi")');
    expect(programs[0]).toContain('AttributeValue.fromN("12345678901234567890123456789012345678")');
    const calls = runJava(programs);
    expect(calls).toHaveLength(requests.length);
    requests.forEach((request, i) => {
      expect(calls[i]).toEqual({ operation: request.operation, params: wire(request.params) });
    });
  });
});
