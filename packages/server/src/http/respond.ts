/** Writing responses: JSON for the API (errors as `{ "__type", "message" }`), HTML for pages. */
import type { ServerResponse } from 'node:http';
import type { ErrorBody } from './error-mapping.js';

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.end(text);
}

export function sendError(response: ServerResponse, status: number, type: string, message: string): void {
  const body: ErrorBody = { __type: type, message };
  sendJson(response, status, body);
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Content-Length', Buffer.byteLength(html));
  response.end(html);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
