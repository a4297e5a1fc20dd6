/**
 * The defences of http/security.ts as Hono middleware, in this order: the
 * security headers, the Host check (DNS rebinding: 421), the token (the
 * `?token=` of a page load becomes a cookie; otherwise the cookie or a Bearer
 * header: 401), and the Origin check (cross-site: 403).
 */
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './app-env.js';
import { unauthorizedPage } from './pages.js';
import { errorResponse, htmlResponse } from './respond.js';
import { SECURITY_HEADERS, checkHost, checkOrigin, cookieName, readBearer, tokenCookie, tokenMatches } from './security.js';

type Middleware = MiddlewareHandler<AppEnv>;

function isApi(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export const securityHeaders: Middleware = async (c, next) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  await next();
};

/** `hosts` is known once the server listens (it names the port). */
export function hostCheck(hosts: () => ReadonlySet<string>): Middleware {
  return async (c, next) => {
    const host = checkHost(c.req.header('host'), hosts());
    // DNS rebinding: a page of another site that resolved its name to us.
    if (host === undefined) return errorResponse(c, 421, 'MisdirectedRequest', 'This server answers only to its own address (the Host header names another)');
    c.set('host', host);
    await next();
  };
}

/**
 * The MCP endpoint (mcp/endpoint.ts) takes its own token, and only that one: 404 while it is off.
 * `mcpToken` gives the token while the endpoint is on.
 */
function mcpTokenCheck(mcpToken: () => string | undefined): Middleware {
  return async (c, next) => {
    const token = mcpToken();
    if (token === undefined) return errorResponse(c, 404, 'McpOff', "The MCP endpoint is off: start DynoTable with --mcp, or switch it on in the workbench's settings");
    if (!tokenMatches(readBearer(c.req.header('authorization')), token)) {
      return errorResponse(c, 401, 'MissingToken', 'This endpoint needs the MCP token DynoTable showed when MCP was switched on: send Authorization: Bearer <token>');
    }
    c.set('credential', 'bearer');
    await next();
  };
}

export function tokenCheck(token: string, port: () => number, mcp?: { readonly path: string; readonly token: () => string | undefined }): Middleware {
  const mcpCheck = mcp === undefined ? undefined : mcpTokenCheck(mcp.token);
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (mcpCheck !== undefined && url.pathname === mcp?.path) return mcpCheck(c, next);
    const api = isApi(url.pathname);
    const pageLoad = !api && (c.req.method === 'GET' || c.req.method === 'HEAD');
    const offered = url.searchParams.get('token');
    if (pageLoad && offered !== null && tokenMatches(offered, token)) {
      // The first load: the token becomes a cookie, and leaves the address bar (and the history).
      url.searchParams.delete('token');
      c.header('Set-Cookie', tokenCookie(port(), token));
      // One leading slash: `//host` would send the browser to another site.
      const location = `/${url.pathname.replace(/^\/+/, '')}${url.search}`;
      return c.body(null, 302, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' });
    }
    if (tokenMatches(readBearer(c.req.header('authorization')), token)) c.set('credential', 'bearer');
    else if (tokenMatches(getCookie(c, cookieName(port())), token)) c.set('credential', 'cookie');
    else if (api) return errorResponse(c, 401, 'MissingToken', 'This request needs the token that `dynotable` printed when it started: open that URL, or send Authorization: Bearer <token>');
    else return htmlResponse(c, 401, unauthorizedPage());
    await next();
  };
}

export const originCheck: Middleware = async (c, next) => {
  const host = c.get('host');
  if (!checkOrigin(c.req, host, c.get('credential'))) {
    return errorResponse(c, 403, 'CrossOriginRequest', `Requests to this server must come from its own pages (http://${host})`);
  }
  await next();
};
