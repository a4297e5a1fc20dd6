/** The example models, and broken variants made by editing their YAML text. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseModel } from '../../src/model/index.js';
import type { Model } from '../../src/model/types.js';

export type ExampleName = 'audit-log' | 'leaderboard' | 'ticket-desk';

function readExample(name: ExampleName): string {
  return readFileSync(fileURLToPath(new URL(`../../../../examples/${name}.yaml`, import.meta.url)), 'utf8');
}

/** Replaces each `from` (which must occur exactly once) with `to`. */
function edit(text: string, edits: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [from, to] of edits) {
    const count = out.split(from).length - 1;
    if (count !== 1) throw new Error(`edit expects exactly one "${from}", found ${count}`);
    out = out.replace(from, to);
  }
  return out;
}

/** The example's YAML text with the edits made. */
export function exampleText(name: ExampleName, edits: readonly (readonly [string, string])[] = []): string {
  return edit(readExample(name), edits);
}

export function example(name: ExampleName, edits: readonly (readonly [string, string])[] = []): Model {
  return parseModel(exampleText(name, edits), `${name}.yaml`);
}
