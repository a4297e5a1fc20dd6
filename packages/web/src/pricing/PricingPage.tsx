/**
 * The pricing calculator: an item's size and units, the model's cost per
 * access pattern, write path and month, and the ticket desk's two designs side by
 * side — all at the rates the user sets (kept in the URL and the browser).
 */
import { ItemSizeCalculator } from './ItemSizeCalculator.js';
import { ModelCost } from './ModelCost.js';
import { MoveComparisonView } from './MoveComparisonView.js';
import { RatesForm } from './RatesForm.js';
import { priceOverride } from './rates.js';
import { useDefaultPrices } from './use-default-prices.js';
import { useRates } from './use-rates.js';
import './pricing.css';

export function PricingPage() {
  const [rates, setRates] = useRates();
  const defaults = useDefaultPrices();
  // Cheap, and the cost requests compare by content, so it is simply worked out on every render.
  const { override, problems } = priceOverride(rates);
  return (
    <div className="pricing">
      <h1>Pricing</h1>
      <p className="muted">What an item costs to read and write, what the model costs a month, and what a design choice saves.</p>
      <ItemSizeCalculator />
      <RatesForm rates={rates} onChange={setRates} defaults={defaults} problems={problems} />
      <ModelCost prices={override} />
      <MoveComparisonView prices={override} />
    </div>
  );
}
