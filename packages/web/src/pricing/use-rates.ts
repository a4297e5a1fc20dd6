/**
 * The user's rates: from the URL when it carries them (a shared link), else
 * from the browser's storage. Setting them writes both.
 */
import { useCallback, useEffect, useState } from 'react';
import { hasRates, ratesFromSearch, ratesFromStored, withRates, type Rates } from './rates.js';
import { usePageSearch } from '../app/use-page-search.js';

const STORAGE_KEY = 'dynotable.pricing.rates';

function stored(): Rates {
  try {
    return ratesFromStored(localStorage.getItem(STORAGE_KEY));
  } catch {
    return ratesFromStored(null);
  }
}

export function useRates(): readonly [Rates, (rates: Rates) => void] {
  const [search, setSearch] = usePageSearch();
  const [remembered, setRemembered] = useState(stored);
  const fromUrl = ratesFromSearch(search);
  const rates = fromUrl ?? remembered;

  // Rates remembered from last time go into the URL, so the link shows the figures on screen.
  useEffect(() => {
    if (fromUrl === undefined && hasRates(remembered)) setSearch((current) => withRates(current, remembered));
  }, [fromUrl, remembered, setSearch]);

  const set = useCallback(
    (next: Rates) => {
      setRemembered(next);
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage refused: the rates still live in the URL.
      }
      setSearch((current) => withRates(current, next));
    },
    [setSearch],
  );
  return [rates, set] as const;
}
