/**
 * An agent's write staged for a person: the person switches on the MCP
 * endpoint in the review queue's dialog; an agent (the MCP SDK's own client,
 * with the token the dialog shows) proposes an UpdateItem, which shows in the
 * header's review queue with the diff and the exact request; approving it
 * changes the item, the journal holds the write and the agent reads the
 * outcome; a rejected proposal writes nothing; a transaction's review shows
 * each action's item before and after.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
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

    // The person switches on the MCP endpoint; the dialog shows the line that adds it to an agent.
    await page.getByRole('button', { name: 'Agent writes: 0 waiting for review' }).click();
    const queueDialog = page.getByRole('dialog', { name: 'Agent writes to review' });
    // (The box follows the server's answer, so it is clicked, then its result awaited.)
    await queueDialog.getByRole('checkbox', { name: 'Serve the MCP endpoint for agents' }).click();
    await queueDialog.getByLabel('Add this workbench to Claude Code').waitFor();
    const line = (await queueDialog.getByLabel('Add this workbench to Claude Code').textContent()) ?? '';
    const [, url, token] = /--transport http dynotable (\S+) --header "Authorization: Bearer ([A-Za-z0-9_-]+)"/.exec(line) ?? [];
    expect(url).toBe(new URL('/mcp', page.url()).href);
    await queueDialog.getByRole('button', { name: 'Close' }).click();
    const agent = new Client({ name: 'browser-test-agent', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(url!), { requestInit: { headers: { Authorization: `Bearer ${token!}` } } }));
    const propose = async (tool: string, args: Record<string, unknown>, reason: string) => {
      const result = await agent.callTool({ name: tool, arguments: { connection, table: TABLE, ...args, reason } });
      const text = (result.content as { text: string }[]).map((part) => part.text).join('\n');
      return { error: result.isError === true ? text : undefined, body: result.structuredContent as { id: string; status: string; message?: string } };
    };
    const statusOf = async (id: string) => (await agent.callTool({ name: 'proposal_status', arguments: { id } })).structuredContent as { status: string; message?: string; journalId?: string };

    // Not exposed yet: the agent is refused; a person exposes the connection in the review queue's dialog.
    expect((await propose('propose_update', { key, before: loaded, after: edited }, 'x')).error).toMatch(/^ConnectionNotExposed: /);
    const exposure = await apiGet<{ connections: { id: string; name: string }[] }>(page, '/api/agents/exposure');
    const name = exposure.connections.find((c) => c.id === connection)!.name;
    await page.getByRole('button', { name: 'Agent writes: 0 waiting for review' }).click();
    await queueDialog.getByRole('checkbox', { name: `Expose ${name} to agents` }).click();
    await expect.poll(async () => (await apiGet<{ connections: { id: string; exposed: boolean }[] }>(page, '/api/agents/exposure')).connections.find((c) => c.id === connection)?.exposed).toBe(true);
    await queueDialog.getByRole('button', { name: 'Close' }).click();

    const update = await propose('propose_update', { key, before: loaded, after: edited }, 'The ticket was fixed: close it');
    expect(update.error).toBeUndefined();
    expect(update.body.status).toBe('pending');
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
    expect(await statusOf(update.body.id), 'the agent reads the outcome').toMatchObject({ status: 'approved', journalId: approved?.journalId });
    expect(journal.operations.find((operation) => operation.id === approved?.journalId)).toMatchObject({ operation: 'update', table: TABLE, changes: [{ before: loaded, after: edited }] });
    await page.getByRole('button', { name: 'Agent writes: 0 waiting for review' }).waitFor();

    // A rejected proposal: nothing is written, and the agent reads the note.
    const deletion = await propose('propose_delete', { Key: key }, 'Remove the closed ticket');
    expect(deletion.error).toBeUndefined();
    const item = dialog.getByRole('list', { name: 'Proposals' }).getByRole('button', { name: /^DeleteItem on AgentTickets/ });
    await item.click();
    const deleteReview = dialog.getByRole('region', { name: `Proposal: DeleteItem on ${TABLE}` });
    await deleteReview.getByLabel('Note for the agent (optional, sent with a rejection)').fill('Keep closed tickets');
    await deleteReview.getByRole('button', { name: 'Reject' }).click();
    await deleteReview.getByText('rejected: nothing written: Keep closed tickets').waitFor();
    expect(await getItem(page, TABLE, key)).toEqual(edited);
    const after = await apiGet<{ operations: unknown[] }>(page, `/api/journal?connectionId=${connection}`);
    expect(after.operations.length).toBe(journal.operations.length);
    expect(await statusOf(deletion.body.id)).toMatchObject({ status: 'rejected', message: 'Keep closed tickets' });

    // A transaction's review shows each action's item, now and after, as a single write's does.
    const archived = { ...edited, status: { S: 'archived' } };
    const opened = { id: { S: 'T-2' }, status: { S: 'open' } };
    const transaction = await propose('propose_transaction', { actions: [{ update: { key, before: edited, after: archived } }, { put: { Item: opened } }] }, 'Archive T-1, open T-2');
    expect(transaction.error).toBeUndefined();
    await dialog.getByRole('list', { name: 'Proposals' }).getByRole('button', { name: /^TransactWriteItems on AgentTickets/ }).click();
    const actions = dialog.getByRole('region', { name: `Proposal: TransactWriteItems on ${TABLE}` }).getByRole('list', { name: "The transaction's items" });
    const updated = actions.getByRole('listitem', { name: `Update id = T-1 in ${TABLE}` });
    expect(await updated.getByRole('row', { name: /^status/ }).textContent()).toMatch(/status.*"closed".*"archived".*changed/);
    const put = actions.getByRole('listitem', { name: `Put id = T-2 in ${TABLE}` });
    await put.getByText('(no item has this key now)').waitFor();
    expect(await put.getByRole('row', { name: /^status/ }).textContent()).toMatch(/status.*"open".*added/);
    await dialog.getByRole('region', { name: `Proposal: TransactWriteItems on ${TABLE}` }).getByRole('button', { name: 'Reject' }).click();
    expect(await statusOf(transaction.body.id)).toMatchObject({ status: 'rejected' });
    await agent.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
