/** The fetch client: errors as ApiFailure, the 401 report, and the confirm-then-resend flow of a confirm-writes connection. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiDelete, apiGet, apiPost, setConfirmWrite, setUnauthorized, withQuery, type PendingWrite } from '../src/api/client.js';
import { ApiFailure } from '../src/api/failure.js';

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly body: unknown;
}

/** A fake server: answers from `answer`, records every request. */
function serve(answer: (request: Sent) => { status: number; body?: unknown }): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const request = { url, method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.parse(String(init.body)) };
    sent.push(request);
    const { status, body } = answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  return sent;
}

const confirmationRequired = { status: 409, body: { __type: 'ConfirmationRequired', message: "Connection 'prod' asks before every write" } };

afterEach(() => {
  vi.unstubAllGlobals();
  setConfirmWrite(async () => false);
  setUnauthorized(() => {});
});

describe('the api client', () => {
  it('throws the answer of an error as an ApiFailure with its details', async () => {
    serve(() => ({ status: 400, body: { __type: 'ValidationException', message: 'Invalid KeyConditionExpression', location: { offset: 3, length: 2 } } }));
    const failure = await apiPost('/api/x', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ status: 400, type: 'ValidationException', message: 'Invalid KeyConditionExpression', details: { location: { offset: 3, length: 2 } } });
  });

  it('reports a 401 to the app', async () => {
    serve(() => ({ status: 401, body: { __type: 'MissingToken', message: 'open the printed URL' } }));
    const reported: ApiFailure[] = [];
    setUnauthorized((failure) => reported.push(failure));
    await expect(apiGet('/api/connections')).rejects.toThrow('open the printed URL');
    expect(reported.map((failure) => failure.type)).toEqual(['MissingToken']);
  });

  it('keeps a 401 that came before the app listened, and reports it when the app does', async () => {
    vi.resetModules();
    const fresh = await import('../src/api/client.js');
    serve(() => ({ status: 401, body: { __type: 'MissingToken', message: 'open the printed URL' } }));
    await expect(fresh.apiGet('/api/connections')).rejects.toThrow('open the printed URL');
    const reported: string[] = [];
    fresh.setUnauthorized((failure) => reported.push(failure.type));
    fresh.setUnauthorized((failure) => reported.push(`again ${failure.type}`));
    expect(reported).toEqual(['MissingToken']);
  });

  it("leaves a connection's credential errors to the view that asked (the page is still signed in)", async () => {
    serve(() => ({ status: 401, body: { __type: 'ExpiredSession', message: 'Run `aws sso login --profile dev`, then retry' } }));
    const reported: ApiFailure[] = [];
    setUnauthorized((failure) => reported.push(failure));
    await expect(apiGet('/api/connections/dev/tables')).rejects.toMatchObject({ status: 401, type: 'ExpiredSession' });
    expect(reported).toEqual([]);
  });

  it('shows the exact request and, once confirmed, sends it again with confirm: true', async () => {
    const sent = serve((request) => ((request.body as { confirm?: boolean } | undefined)?.confirm === true ? { status: 200, body: { ok: 1 } } : confirmationRequired));
    const asked: PendingWrite[] = [];
    setConfirmWrite(async (write) => {
      asked.push(write);
      return true;
    });
    expect(await apiPost('/api/t/items/put', { Item: { PK: { S: 'a' } } })).toEqual({ ok: 1 });
    expect(asked).toEqual([{ method: 'POST', path: '/api/t/items/put', body: { Item: { PK: { S: 'a' } } } }]);
    expect(sent.map((request) => request.body)).toEqual([{ Item: { PK: { S: 'a' } } }, { Item: { PK: { S: 'a' } }, confirm: true }]);
  });

  it('confirms a DELETE in its query string', async () => {
    const sent = serve((request) => (request.url.includes('confirm=true') ? { status: 200, body: {} } : confirmationRequired));
    setConfirmWrite(async () => true);
    await apiDelete('/api/tables/T', { confirmName: 'T' });
    expect(sent.map((request) => request.url)).toEqual(['/api/tables/T?confirmName=T', '/api/tables/T?confirmName=T&confirm=true']);
  });

  it('sends nothing more when the user declines', async () => {
    const sent = serve(() => confirmationRequired);
    setConfirmWrite(async () => false);
    await expect(apiPost('/api/t/items/put', {})).rejects.toMatchObject({ type: 'ConfirmationDeclined' });
    expect(sent).toHaveLength(1);
  });

  it('leaves out undefined query values', () => {
    expect(withQuery('/api/t', { search: undefined, details: true, limit: 5 })).toBe('/api/t?details=true&limit=5');
  });
});
