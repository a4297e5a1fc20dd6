/**
 * The server in layers: HTTP (src/http, the routes of src/api) on top of the
 * data layer (src/data) and what sits beside it (src/transfer, src/journal,
 * src/connections, src/seed, src/links, src/queries, src/files, src/triggers), which the routes, the command line and the jobs
 * all call. Below HTTP nothing throws the routes' error type (ApiError: it
 * carries a status) or imports the command line: errors there are DataError
 * (src/data/errors.ts), which http/error-mapping.ts turns into a status.
 * Nothing below HTTP imports the routes (src/api), not even a type: the
 * answers' shapes (data/shapes.ts) and the jobs' types (data/job-types.ts)
 * belong to the data layer, which the routes and the web app take them from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const BELOW_HTTP = ['data', 'transfer', 'journal', 'connections', 'seed', 'links', 'queries', 'files', 'triggers'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative module specifiers a source imports or re-exports. */
function importedPaths(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((match) => (match[1] ?? match[2])!);
}

/** Code lines only: a comment may name ApiError to explain the layering. */
function codeLines(text: string): string[] {
  return text.split('\n').filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line));
}

/** What `file` (relative to src/) does that a file below HTTP must not, one line each. */
function layerViolations(file: string, text: string): string[] {
  const found: string[] = [];
  for (const specifier of importedPaths(text)) {
    const target = relative(src, resolve(src, dirname(file), specifier)).replaceAll('\\', '/');
    if (target.startsWith('cli/')) found.push(`${file}: imports the command line (${specifier})`);
    if (target.startsWith('http/')) found.push(`${file}: imports the HTTP layer (${specifier})`);
    if (target.startsWith('api/')) found.push(`${file}: imports the routes (${specifier})`);
  }
  if (codeLines(text).some((line) => /\bApiError\b/.test(line))) found.push(`${file}: uses ApiError; throw a DataError (src/data/errors.ts)`);
  return found;
}

describe('below HTTP', () => {
  it('no file of data, transfer, journal, connections, seed, links, queries, files or triggers imports HTTP, the routes (api/), ApiError or the command line', () => {
    const found = BELOW_HTTP.flatMap((dir) =>
      sourceFiles(join(src, dir)).flatMap((path) => {
        const file = relative(src, path).replaceAll('\\', '/');
        return layerViolations(file, readFileSync(path, 'utf8'));
      }),
    );
    expect(found).toEqual([]);
  });

  it('the check finds each kind of crossing', () => {
    const text = [
      "import { ApiError } from '../api/route.js';",
      "import type { Output } from '../../cli/io.js';",
      '/** An ApiError in a comment is allowed. */',
      "  throw new ApiError(400, 'X', 'y');",
    ].join('\n');
    expect(layerViolations('data/items/example.ts', text)).toEqual([
      'data/items/example.ts: imports the command line (../../cli/io.js)',
      'data/items/example.ts: uses ApiError; throw a DataError (src/data/errors.ts)',
    ]);
    expect(layerViolations('journal/example.ts', "import type { RouteRequest } from '../api/route.js';\nexport { main } from '../cli/main.js';")).toEqual([
      'journal/example.ts: imports the routes (../api/route.js)',
      'journal/example.ts: imports the command line (../cli/main.js)',
    ]);
    expect(layerViolations('connections/example.ts', "import { allowedHosts } from '../http/security.js';")).toEqual([
      'connections/example.ts: imports the HTTP layer (../http/security.js)',
    ]);
    expect(layerViolations('journal/example.ts', "import type { ServerContext } from '../api/context.js';")).toEqual([
      'journal/example.ts: imports the routes (../api/context.js)',
    ]);
  });
});
