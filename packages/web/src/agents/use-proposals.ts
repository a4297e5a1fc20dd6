/**
 * The review queue, kept fresh: asked again every few seconds while the page
 * is visible, so an agent's proposal appears (and its count on the header
 * button) without a reload. A failed poll keeps the last list.
 */
import { useCallback, useEffect, useState } from 'react';
import { listProposals, type ProposalList } from './agents-api.js';

const POLL_MS = 3000;

export function useProposals(): { readonly list: ProposalList | undefined; readonly error: unknown; readonly refresh: () => void } {
  const [list, setList] = useState<ProposalList | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    const ask = () => {
      if (document.visibilityState === 'hidden') return;
      listProposals(controller.signal).then(
        (answer) => {
          setList(answer);
          setError(undefined);
        },
        (failure: unknown) => {
          if (!controller.signal.aborted) setError(failure);
        },
      );
    };
    ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [version]);

  return { list, error, refresh };
}
