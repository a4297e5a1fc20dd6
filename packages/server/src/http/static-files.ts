/**
 * The web UI's files: served from its build directory with their content
 * types, index.html for any other page path (the UI routes in the browser),
 * nothing outside the directory.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';

/** The web package's build, beside this package in the workspace (src/http and dist/http alike). */
export function defaultStaticDir(): string {
  return fileURLToPath(new URL('../../../web/dist/', import.meta.url));
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export type StaticResult = 'served' | 'not-found' | 'forbidden';

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

async function fileAt(path: string): Promise<{ size: number } | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size } : undefined;
  } catch {
    return undefined;
  }
}

export async function hasIndex(root: string): Promise<boolean> {
  return (await fileAt(join(root, 'index.html'))) !== undefined;
}

function sendFile(response: ServerResponse, path: string, size: number, head: boolean, immutable: boolean): void {
  response.statusCode = 200;
  response.setHeader('Content-Type', CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream');
  response.setHeader('Content-Length', size);
  // Vite's hashed assets never change; the page itself must be fetched again.
  response.setHeader('Cache-Control', immutable ? 'private, max-age=31536000, immutable' : 'no-cache');
  if (head) {
    response.end();
    return;
  }
  const stream = createReadStream(path);
  stream.on('error', () => response.destroy());
  stream.pipe(response);
}

export async function serveStatic(root: string, pathname: string, response: ServerResponse, head: boolean): Promise<StaticResult> {
  const target = resolveInside(root, pathname);
  if (target === undefined) return 'forbidden';
  const file = await fileAt(target);
  if (file !== undefined) {
    sendFile(response, target, file.size, head, pathname.startsWith('/assets/'));
    return 'served';
  }
  // A page path (no extension) is the UI's own route: its index.html.
  if (extname(target) === '' || target === resolve(root)) {
    const index = join(resolve(root), 'index.html');
    const page = await fileAt(index);
    if (page !== undefined) {
      sendFile(response, index, page.size, head, false);
      return 'served';
    }
  }
  return 'not-found';
}
