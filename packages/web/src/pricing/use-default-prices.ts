/** The server's default price table, as its cost answer states it (asked once, without overrides). */
import type { PriceTable } from '@dynotable/core';
import { useEffect, useState } from 'react';
import { requestCost } from './cost-api.js';

let cached: Promise<PriceTable | undefined> | undefined;

function defaults(): Promise<PriceTable | undefined> {
  cached ??= requestCost({ itemBytes: 1024 }).then(
    (answer) => answer.moveComparison?.prices,
    () => {
      cached = undefined;
      return undefined;
    },
  );
  return cached;
}

export function useDefaultPrices(): PriceTable | undefined {
  const [prices, setPrices] = useState<PriceTable | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void defaults().then((table) => {
      if (live) setPrices(table);
    });
    return () => {
      live = false;
    };
  }, []);
  return prices;
}
