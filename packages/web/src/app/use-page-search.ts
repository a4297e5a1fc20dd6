/** This page's query string, and a way to change it in place (replaceState: a changed option is no navigation). */
import { useCallback } from 'react';
import { navigate, useLocation } from './router.js';

export function usePageSearch(): readonly [string, (change: (search: string) => string) => void] {
  const here = useLocation();
  const search = here.includes('?') ? here.slice(here.indexOf('?') + 1) : '';
  const update = useCallback((change: (search: string) => string) => {
    const next = change(location.search.replace(/^\?/, ''));
    navigate(next === '' ? location.pathname : `${location.pathname}?${next}`, { replace: true, exact: true });
  }, []);
  return [search, update] as const;
}
