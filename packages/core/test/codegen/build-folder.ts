/** Generated files are written under `.build` beside these tests (ignored by ESLint). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUILD_FOLDER = fileURLToPath(new URL('./.build/', import.meta.url));

/** Writes files into `.build/<folder>` and returns their paths. */
export function writeBuildFiles(folder: string, files: Record<string, string>): Record<string, string> {
  const directory = join(BUILD_FOLDER, folder);
  mkdirSync(directory, { recursive: true });
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    const path = join(directory, name);
    writeFileSync(path, text);
    paths[name] = path;
  }
  return paths;
}
