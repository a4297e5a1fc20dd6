/** The server's own small pages: the token is missing, and the web UI is not built yet. */
import { escapeHtml } from './respond.js';

export interface RouteSummary {
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly write?: boolean;
  readonly stream?: boolean;
  readonly download?: boolean;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">
${body}
</body>
</html>
`;
}

export function unauthorizedPage(): string {
  return page(
    'DynoTable: open the link from the terminal',
    `<h1>Open the link printed in the terminal</h1>
<p>This DynoTable server only answers browsers that know its launch token.
Open the URL that <code>dynotable</code> printed when it started (it ends in
<code>?token=…</code>); the token changes every time the server starts.</p>`,
  );
}

export function notBuiltPage(routes: readonly RouteSummary[]): string {
  const rows = routes
    .map(
      (r) =>
        `<tr><td><code>${escapeHtml(r.method)}</code></td><td><code>${escapeHtml(r.path)}</code></td><td>${escapeHtml(r.summary)}${r.write ? ' (write)' : ''}${r.stream ? ' (server-sent events)' : ''}${r.download ? ' (a file)' : ''}</td></tr>`,
    )
    .join('\n');
  return page(
    'DynoTable: the web UI is not built',
    `<h1>The DynoTable web UI is not built yet</h1>
<p>The server is running and its API answers, but the browser application has
not been built. From a checkout of DynoTable, build it and restart
<code>dynotable</code>:</p>
<pre>npm run build --workspace @dynotable/web</pre>
<h2>API routes</h2>
<p>Every request needs the token: this browser has it as a cookie now; scripts
send <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<table>
<thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
  );
}
