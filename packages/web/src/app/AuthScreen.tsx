/**
 * The page lost its session (the server restarted with a new token, or the
 * cookie was cleared): only the URL printed in the terminal signs it in again.
 */
import type { ApiFailure } from '../api/failure.js';

export function AuthScreen({ failure }: { readonly failure: ApiFailure }) {
  return (
    <main className="auth-screen" aria-labelledby="auth-title">
      <h1 id="auth-title">Open the link printed in the terminal</h1>
      <p>
        This page is no longer signed in to the DynoTable server. Open the URL that <code>dynotable</code> printed when it started — it ends in{' '}
        <code>?token=…</code>. The token changes every time the server starts.
      </p>
      <p className="muted">
        {failure.type}: {failure.message}
      </p>
      <button type="button" onClick={() => location.reload()}>
        Reload this page
      </button>
    </main>
  );
}
