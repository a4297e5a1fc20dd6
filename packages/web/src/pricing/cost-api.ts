/** POST /api/model/cost: a model's cost report and/or the move-versus-index comparison, at the user's prices. */
import type { CostReport, MoveComparison, PriceOverride } from '@dynotable/core';
import { useEffect, useState } from 'react';
import { apiPost } from '../api/client.js';

export interface CostRequest {
  readonly model?: string;
  readonly source?: string;
  readonly prices?: PriceOverride;
  readonly itemBytes?: number;
}

export interface CostAnswer {
  readonly report?: CostReport;
  readonly moveComparison?: MoveComparison;
}

export const requestCost = (body: CostRequest, signal?: AbortSignal) => apiPost<CostAnswer>('/api/model/cost', body, signal);

export interface CostState {
  readonly answer: CostAnswer | undefined;
  readonly error: unknown;
  readonly loading: boolean;
}

/** Asks again when the request changes (after a short pause while the user types); the latest request wins. */
export function useCost(request: CostRequest | undefined, delayMs = 200): CostState {
  const [state, setState] = useState<CostState>({ answer: undefined, error: undefined, loading: request !== undefined });
  const key = request === undefined ? '' : JSON.stringify(request);
  useEffect(() => {
    if (key === '') {
      setState({ answer: undefined, error: undefined, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    const timer = setTimeout(() => {
      requestCost(JSON.parse(key) as CostRequest, controller.signal).then(
        (answer) => setState({ answer, error: undefined, loading: false }),
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ answer: undefined, error, loading: false });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs]);
  return state;
}
