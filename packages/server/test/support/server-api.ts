/** Calls a started server's API as the signed-in page does: its token, JSON in and out. */
export type ApiCall = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<{ status: number; json: T }>;

export function serverApi(server: { readonly origin: string; readonly token: string }): ApiCall {
  return async <T,>(method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, server.origin), {
      method,
      headers: { authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as T };
  };
}
