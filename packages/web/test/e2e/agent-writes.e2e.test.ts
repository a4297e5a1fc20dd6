/**
 * An agent's write staged for a person: a proposed UpdateItem (staged through
 * the API's POST route — the MCP tools call the same queue) shows in the
 * header's review queue with the diff and the exact request; approving it
 * changes the item and the journal holds the write; a rejected proposal
 * writes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserMissing, screenshot } from './support/browser.js';
import { api, connectionOf, getItem, type Wire } from './support/page-api.js';
import { useWorkbench } from './support/workbench.js';

const TABLE = 'AgentTickets';
const key = { id: { S: 'T-1' } };
const loaded = { ...key, status: { S: 'open' }, title: { S: 'Printer jam' } };
const edited = { ...loaded, status: { S: 'closed' } };

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await (await fetch(url)).json()) as T, path);
}

describe.skipIf(browserMissing() !== undefined)('agents’ staged writes', () => {
  const workbench = useWorkbench();

  it('shows a proposed UpdateItem in the review queue; approving writes it to the journal, rejecting writes nothing', async () => {
    const { context, page, errors } = await workbench().open();
    await page.waitForURL((url) => url.pathname.startsWith('/c/'));
    const connection = connectionOf(page);
    expect((await api(page, `/api/connections/${connection}/tables`, { name: TABLE, partitionKey: { name: 'id', type: 'S' } })).status).toBe(200);
    expect((await api(page, `/api/connections/${connection}/tables/${TABLE}/items/put`, { Item: loaded })).status).toBe(200);
    const stage = (kind: string, input: unknown, reason: string) => api<{ id: string; __type?: string }>(page, '/api/agents/proposals', { connection, table: TABLE, kind, input, reason });

    // Not exposed yet: the agent is refused; a person exposes the connection in the header.
    expect((await stage('update', { key, before: loaded, after: edited }, 'x')).body.__type).toBe('NotExposedToAgents');
    const expose = page.getByRole('checkbox', { name: 'Expose to agents' });
    await expose.check();
    await expect.poll(async () => (await apiGet<{ connections: { id: string; exposed: boolean }[] }>(page, '/api/agents/exposure')).connections.find((c) => c.id === connection)?.exposed).toBe(true);

    const update = await stage('update', { key, before: loaded, after: edited }, 'The ticket was fixed: close it');
    expect(update.status).toBe(200);
    // The queue is polled: the header's count appears without a reload.
    await page.getByRole('button', { name: 'Agent writes: 1 waiting for review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agent writes to review' });
    const review = dialog.getByRole('region', { name: `Proposal: UpdateItem on ${TABLE}` });
    await review.getByText('The ticket was fixed: close it').waitFor();
    const changed = review.getByRole('table', { name: 'Changes, attribute by attribute' }).getByRole('row', { name: /^status/ });
    expect(await changed.textContent()).toMatch(/status.*"open".*"closed".*changed/);
    const request = JSON.parse((await review.getByLabel('The exact request').textContent()) ?? '') as Record<string, unknown>;
    expect(request).toMatchObject({ TableName: TABLE, Key: key, ConditionExpression: expect.any(String) as unknown });
    await review.getByLabel('Size and cost of the item').waitFor();
    await screenshot(page, 'agent-review-queue');
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.getByText(/^approved and written \(journal entry /).waitFor();
    expect(await getItem(page, TABLE, key)).toEqual(edited);
    const journal = await apiGet<{ operations: { id: string; operation: string; table: string; changes: { before: Wire; after: Wire }[] }[] }>(page, `/api/journal?connectionId=${connection}`);
    const proposals = await apiGet<{ proposals: { id: string; status: string; journalId?: string }[]; pending: number }>(page, '/api/agents/proposals');
    const approved = proposals.proposals.find((p) => p.id === update.body.id);
    expect(approved?.status).toBe('approved');
    expect(journal.operations.find((operation) => operation.id === approved?.journalId)).toMatchObject({ operation: 'update', table: TABLE, changes: [{ before: loaded, after: edited }] });
    await page.getByRole('button', { name: 'Agent writes: 0 waiting for review' }).waitFor();

    // A rejected proposal: nothing is written, and the agent reads the note.
    const deletion = await stage('delete', { Key: key }, 'Remove the closed ticket');
    expect(deletion.status).toBe(200);
    const item = dialog.getByRole('list', { name: 'Proposals' }).getByRole('button', { name: /^DeleteItem on AgentTickets/ });
    await item.click();
    const deleteReview = dialog.getByRole('region', { name: `Proposal: DeleteItem on ${TABLE}` });
    await deleteReview.getByLabel('Note for the agent (optional, sent with a rejection)').fill('Keep closed tickets');
    await deleteReview.getByRole('button', { name: 'Reject' }).click();
    await deleteReview.getByText('rejected: nothing written: Keep closed tickets').waitFor();
    expect(await getItem(page, TABLE, key)).toEqual(edited);
    const after = await apiGet<{ operations: unknown[] }>(page, `/api/journal?connectionId=${connection}`);
    expect(after.operations.length).toBe(journal.operations.length);
    // The one refusal the browser logs is the test's own: the agent's proposal before the connection was exposed.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    await context.close();
  });
});
