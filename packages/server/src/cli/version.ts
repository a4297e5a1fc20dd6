import { readFileSync } from 'node:fs';

/** The server package's version; the same relative path works from src/ and dist/. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}
