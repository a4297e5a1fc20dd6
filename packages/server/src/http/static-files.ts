/**
 * The web UI's files: served from its build directory by the Node adapter's
 * serveStatic, with this server's content types and caching, index.html for
 * any other page path (the UI routes in the browser), and nothing outside the
 * directory or hidden: those paths are refused here before serveStatic sees them.
 */
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/** The web package's build, beside this package in the workspace (src/http and dist/http alike). */
export function defaultStaticDir(): string {
  return fileURLToPath(new URL('../../../web/dist/', import.meta.url));
}

/** Where serveStatic's own table says otherwise (no charset on JSON and source maps, one on SVG). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Resolves a URL path inside `root`, or undefined when it would leave it (`..`,
 * encoded or not), names a hidden file, or is malformed.
 */
export function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const parts = decoded.split('/').filter((part) => part !== '');
  if (parts.some((part) => part === '..' || part.startsWith('.'))) return undefined;
  const base = resolve(root);
  const target = resolve(base, ...parts);
  return target === base || target.startsWith(base + sep) ? target : undefined;
}

export async function hasIndex(root: string): Promise<boolean> {
  try {
    return (await stat(join(root, 'index.html'))).isFile();
  } catch {
    return false;
  }
}

/** Vite's hashed assets never change; the page itself must be fetched again. */
function cacheControl(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'private, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The middleware that serves `root` to GET and HEAD; what it does not serve
 * goes on to `notFound`.
 */
export function webFiles(root: string, notFound: (c: Context<AppEnv>) => Response): MiddlewareHandler<AppEnv>[] {
  const files = serveStatic<AppEnv>({ root });
  const index = serveStatic<AppEnv>({ root, path: 'index.html' });
  const inside = (c: Context<AppEnv>) => resolveInside(root, new URL(c.req.url).pathname);
  return [
    async (c, next) => {
      // Outside the UI's directory: the same answer as a missing file, so nothing is learned about other files.
      if (inside(c) === undefined) return notFound(c);
      const pathname = new URL(c.req.url).pathname;
      c.header('Cache-Control', cacheControl(pathname));
      await next();
      const type = CONTENT_TYPES[extname(pathname).toLowerCase()];
      if (c.res.status === 200 && type !== undefined) c.header('Content-Type', type);
    },
    files,
    // A page path (no extension) is the UI's own route: its index.html.
    async (c, next) => {
      const target = inside(c)!;
      if (extname(target) !== '' && target !== resolve(root)) return next();
      c.header('Cache-Control', 'no-cache');
      return index(c, next);
    },
    async (c) => notFound(c),
  ];
}
