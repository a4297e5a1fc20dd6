/**
 * The local server's defences: a per-launch token (cookie after the first page
 * load, or a Bearer header for scripts), a Host check against DNS rebinding, an
 * Origin check against cross-site requests, and headers that keep pages from
 * being framed or sniffed.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';
import { isLoopbackHost } from '../loopback.js';

/** 32 random bytes, base64url: 43 characters. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares in constant time, so response timing reveals nothing about the token. */
export function tokenMatches(candidate: string | undefined, token: string): boolean {
  if (candidate === undefined) return false;
  const a = Buffer.from(candidate, 'utf8');
  const b = Buffer.from(token, 'utf8');
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time independent of the candidate.
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}

/** Cookies are not scoped by port: the name carries it, so two servers on one machine keep their own. */
export function cookieName(port: number): string {
  return `dynotable_token_${port}`;
}

export function tokenCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/** The token of an `Authorization: Bearer <token>` header. */
export function readBearer(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export type Credential = 'cookie' | 'bearer' | 'none';

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The Host header values this server answers to: the loopback names with its
 * port, plus (with allowRemote) the bound host — or, bound to every interface,
 * the machine's addresses and name.
 */
export function allowedHosts(boundHost: string, port: number, allowRemote: boolean): Set<string> {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  if (isLoopbackHost(boundHost)) names.push(bracketed(boundHost));
  if (allowRemote) {
    if (WILDCARDS.has(boundHost)) {
      const machine = hostname();
      names.push(machine, `${machine}.local`);
      for (const addresses of Object.values(networkInterfaces())) {
        for (const address of addresses ?? []) names.push(bracketed(address.address));
      }
    } else {
      names.push(bracketed(boundHost));
    }
  }
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(`${name.toLowerCase()}:${port}`);
    if (port === 80) hosts.add(name.toLowerCase());
  }
  return hosts;
}

/** The Host header, lower-cased, when it is one this server answers to. */
export function checkHost(header: string | undefined, hosts: ReadonlySet<string>): string | undefined {
  const host = header?.toLowerCase();
  return host !== undefined && hosts.has(host) ? host : undefined;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Origin, when sent, must be this server's own origin. State-changing requests
 * authenticated by the cookie must prove they come from our own pages (Origin,
 * or Sec-Fetch-Site: same-origin); a Bearer header cannot be sent cross-site
 * without a CORS preflight, which this server never grants.
 */
export function checkOrigin(request: { method: string; header(name: string): string | undefined }, host: string, credential: Credential): boolean {
  const origin = request.header('origin');
  if (origin !== undefined) return origin.toLowerCase() === `http://${host}`;
  if (!STATE_CHANGING.has(request.method) || credential === 'bearer') return true;
  return request.header('sec-fetch-site') === 'same-origin';
}

/** Pages may load only from this server, never be framed, and leak no referrer. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // React sets styles through the DOM; a few libraries add <style> elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** On every response, refusals included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
