import { readFileSync } from 'node:fs';

const PACKAGE_NAME = '@dynotable/server';

/**
 * The server package's version. Its manifest is one folder up from src/ and
 * dist/, and two from the bundle (dist/bundle/, at the depth of dist/cli/).
 */
export function packageVersion(): string {
  for (const path of ['../package.json', '../../package.json']) {
    let manifest: { name?: unknown; version?: unknown };
    try {
      manifest = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as typeof manifest;
    } catch {
      continue;
    }
    if (manifest.name === PACKAGE_NAME && typeof manifest.version === 'string') return manifest.version;
  }
  throw new Error(`the manifest of ${PACKAGE_NAME} was not found next to ${import.meta.url}`);
}
