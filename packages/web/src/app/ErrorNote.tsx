/** An error as the user sees it: DynamoDB's (or DynoTable's) type, then the message; optionally a retry. */
import { ApiFailure } from '../api/failure.js';

export function ErrorNote({ error, onRetry }: { readonly error: unknown; readonly onRetry?: () => void }) {
  if (error === undefined || error === null) return null;
  const type = error instanceof ApiFailure ? error.type : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="error-note" role="alert">
      <p>
        <strong>{type}</strong> {message}
      </p>
      {onRetry !== undefined && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
