/**
 * A route whose answer is a file rather than JSON: an export's download. Like
 * a stream route, `open` validates and may throw an ApiError or a DataError (sent as JSON);
 * the file is then sent with Content-Disposition so the browser saves it.
 */
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import type { ServerContext } from '../api/context.js';
import type { RouteRequest } from '../api/route.js';
import type { OpenedDownload } from '../transfer/downloads.js';

export interface FileRoute<S extends z.ZodType = z.ZodType> {
  readonly method: 'GET';
  readonly path: string;
  readonly input: S;
  readonly summary: string;
  open(context: ServerContext, request: RouteRequest<z.infer<S>>): Promise<OpenedDownload>;
}

export function defineFileRoute<S extends z.ZodType>(route: FileRoute<S>): FileRoute<S> {
  return route;
}

/** `attachment; filename="..."` with an ASCII fallback and the exact name in UTF-8 (RFC 6266). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends the file; it is removed once sent completely, and kept for another try otherwise. */
export async function sendDownload(response: ServerResponse, download: OpenedDownload): Promise<void> {
  response.statusCode = 200;
  response.setHeader('Content-Type', download.info.contentType);
  response.setHeader('Content-Length', download.info.size);
  response.setHeader('Content-Disposition', contentDisposition(download.info.fileName));
  response.setHeader('Cache-Control', 'no-store');
  try {
    await pipeline(download.body, response);
  } catch (error) {
    download.release();
    throw error;
  }
  await download.done();
}
