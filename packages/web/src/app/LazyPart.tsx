/** Where a part loaded on demand goes: nothing while its chunk loads, and a failure to load it stays in its place. */
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary.js';

export function LazyPart({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <ErrorBoundary label={label}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
