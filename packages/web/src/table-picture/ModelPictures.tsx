/** Every table of a model as items: the base table, then each GSI and LSI, one picture each. */
import type { Model } from '@dynotable/core';
import { TablePicture } from './TablePicture.js';
import './table-picture.css';

export function ModelPictures({ model }: { readonly model: Model }) {
  if (model.tables.length === 0) return <p className="muted">The model has no tables yet.</p>;
  return (
    <div className="model-pictures">
      {model.tables.map((table) => (
        <section key={table.name} aria-label={`Table ${table.name} as items`}>
          <h3>{table.name}</h3>
          <TablePicture model={model} tableName={table.name} />
          {[...table.globalSecondaryIndexes, ...table.localSecondaryIndexes].map((index) => (
            <TablePicture key={index.name} model={model} tableName={table.name} indexName={index.name} />
          ))}
        </section>
      ))}
    </div>
  );
}
