/**
 * The three example models: examples/*.yaml at the repository root are the only
 * copy. The server runs from its repository (as it serves packages/web/dist),
 * and this folder sits at the same depth in src/ and dist/, so one relative
 * path finds them from the sources and from the build.
 */
import { readFileSync } from 'node:fs';

export type ExampleModelName = 'audit-log' | 'ticket-desk' | 'leaderboard';

const texts = new Map<ExampleModelName, string>();

/** The example's YAML text, read once, on first use (starting the server reads none). */
export function exampleModelYaml(name: ExampleModelName): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8');
    texts.set(name, text);
  }
  return text;
}

export const EXAMPLE_MODEL_FILES: Readonly<Record<ExampleModelName, string>> = {
  get 'audit-log'() {
    return exampleModelYaml('audit-log');
  },
  get 'ticket-desk'() {
    return exampleModelYaml('ticket-desk');
  },
  get leaderboard() {
    return exampleModelYaml('leaderboard');
  },
};
