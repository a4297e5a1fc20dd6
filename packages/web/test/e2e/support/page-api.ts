/** Calls to the server from the page (its cookie, its Origin): changes made "behind the workbench's back", and reads to check what it wrote. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export type Wire = Record<string, Record<string, unknown>>;

/** The connection of the table page the browser is on. */
export function connectionOf(page: Page): string {
  return new URL(page.url()).pathname.split('/')[2]!;
}

export async function api<T>(page: Page, path: string, body: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      return { status: response.status, body: (await response.json()) as T };
    },
    [path, body] as const,
  );
}

/** The item as the table holds it now (a strongly consistent GetItem). */
export async function getItem(page: Page, table: string, key: Wire): Promise<Wire | undefined> {
  const answer = await api<{ item?: Wire }>(page, `/api/connections/${connectionOf(page)}/tables/${table}/items/get`, { Key: key, ConsistentRead: true });
  expect(answer.status).toBe(200);
  return answer.body.item;
}
