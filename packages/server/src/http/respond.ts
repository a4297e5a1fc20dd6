/** Writing responses: JSON for the API (errors as `{ "__type", "message" }`), HTML for pages. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from './error-mapping.js';

function text(c: Context, status: number, type: string, body: string): Response {
  return c.body(body, status as ContentfulStatusCode, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    // Given, so that an answer to HEAD says it too.
    'Content-Length': String(Buffer.byteLength(body)),
  });
}

export function jsonResponse(c: Context, status: number, body: unknown): Response {
  return text(c, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

export function errorResponse(c: Context, status: number, type: string, message: string): Response {
  const body: ErrorBody = { __type: type, message };
  return jsonResponse(c, status, body);
}

export function htmlResponse(c: Context, status: number, html: string): Response {
  return text(c, status, 'text/html; charset=utf-8', html);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
