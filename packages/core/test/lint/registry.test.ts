import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LINT_RULES } from '../../src/lint/index.js';

const docs = readFileSync(fileURLToPath(new URL('../../../../docs/lint-rules.md', import.meta.url)), 'utf8');

describe('LINT_RULES', () => {
  it('has unique kebab-case ids, a title and a description for every rule', () => {
    const ids = LINT_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of LINT_RULES) {
      expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(rule.title.length).toBeGreaterThan(10);
      expect(rule.description.length).toBeGreaterThan(40);
    }
  });

  it.each(LINT_RULES.map((rule) => [rule.id, rule.severity] as const))('documents %s with its severity, a fix and the table row', (id, severity) => {
    const section = docs.split(`### \`${id}\``)[1]?.split('\n### ')[0];
    expect(section, `docs/lint-rules.md has no section for ${id}`).toBeDefined();
    expect(section).toContain(`**Severity:** ${severity}.`);
    for (const part of ['**Catches:**', '**Why:**', '**Fix:**', '**Example:**']) expect(section).toContain(part);
    expect(docs).toContain(`| \`${id}\` | ${severity} |`);
  });
});
