/**
 * The request target as a browser's URL parser reads it, which is how this
 * server has always read paths: `\` is `/`, dot segments are resolved. The
 * Node adapter would refuse a backslash with a bare 400, before the security
 * checks could answer (a page load's `?token=` redirect included).
 */
export function readAsBrowsersDo(target: string | undefined): string | undefined {
  if (target === undefined) return undefined;
  try {
    const url = new URL(target, 'http://request.invalid');
    // A target of another scheme (`mailto:x`) has a path without its leading slash.
    return `${url.pathname.startsWith('/') ? '' : '/'}${url.pathname}${url.search}`;
  } catch {
    // Left as sent: the adapter refuses it, and the server answers 400 (see server.ts).
    return target;
  }
}
