/** Matches a method and path against route patterns such as `/api/connections/:connectionId/tables`. */
import type { HttpMethod } from '../api/route.js';

export interface Routable {
  readonly method: HttpMethod;
  readonly path: string;
}

export type RouteMatch<R> =
  | { readonly kind: 'found'; readonly route: R; readonly params: Record<string, string> }
  | { readonly kind: 'wrong-method'; readonly allow: HttpMethod[] }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'bad-path' };

interface Compiled<R> {
  readonly route: R;
  /** Literal text, or the parameter's name after ':'. */
  readonly segments: readonly string[];
}

export class Router<R extends Routable> {
  private readonly compiled: Compiled<R>[];

  constructor(routes: readonly R[]) {
    this.compiled = routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));
  }

  match(method: string, pathname: string): RouteMatch<R> {
    let segments: string[];
    try {
      segments = pathname.split('/').slice(1).map(decodeURIComponent);
    } catch {
      return { kind: 'bad-path' };
    }
    let best: { compiled: Compiled<R>; params: Record<string, string>; literals: string } | undefined;
    const allow = new Set<HttpMethod>();
    for (const compiled of this.compiled) {
      const params = matchSegments(compiled.segments, segments);
      if (params === undefined) continue;
      if (compiled.route.method !== method) {
        allow.add(compiled.route.method);
        continue;
      }
      // Literal segments win over parameters, earliest first: `/tables/_search` beats `/tables/:table`.
      const literals = compiled.segments.map((s) => (s.startsWith(':') ? '0' : '1')).join('');
      if (best === undefined || literals > best.literals) best = { compiled, params, literals };
    }
    if (best !== undefined) return { kind: 'found', route: best.compiled.route, params: best.params };
    if (allow.size > 0) return { kind: 'wrong-method', allow: [...allow] };
    return { kind: 'not-found' };
  }
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const value = actual[i]!;
    if (expected.startsWith(':')) {
      if (value === '') return undefined;
      params[expected.slice(1)] = value;
    } else if (expected !== value) {
      return undefined;
    }
  }
  return params;
}
