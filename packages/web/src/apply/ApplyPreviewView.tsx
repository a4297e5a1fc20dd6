/** The preview: each table's CreateTable request, whether it exists already, its TTL and its sample items. */
import type { ApplyPreview } from '../api/types.js';

export function ApplyPreviewView({ preview }: { readonly preview: ApplyPreview }) {
  return (
    <section aria-label="Preview" className="apply-preview">
      <h2>Preview</h2>
      {preview.plan.tables.map((table) => {
        const exists = preview.existing.includes(table.name);
        return (
          <article key={table.name} className="apply-table" data-table={table.name}>
            <h3>
              CreateTable {table.name}
              {exists && <span className="apply-exists"> exists already</span>}
            </h3>
            <pre className="apply-request" tabIndex={0} aria-label={`CreateTable request of ${table.name}`}>
              {JSON.stringify(table.request, null, 2)}
            </pre>
            {table.timeToLiveAttribute !== undefined && <p>Then UpdateTimeToLive: TTL on attribute {table.timeToLiveAttribute}.</p>}
            <p>{table.sample.length > 0 ? `Sample items: ${table.sample.map((each) => `${each.items} ${each.entity}`).join(', ')}.` : 'No sample items.'}</p>
          </article>
        );
      })}
    </section>
  );
}
