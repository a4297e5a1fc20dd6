/** The proposed tables drawn as the seeds draw them: the base table, then each index, as rows of items with sample values. */
import type { Model } from '@dynotable/core';
import { memo, useDeferredValue } from 'react';
import { TablePicture } from '../table-picture/TablePicture.js';

/** Deferred: the keys and plans show first, the pictures follow without holding up typing. */
export const TablePictureSlot = memo(function TablePictureSlot({ model: latest }: { readonly model: Model }) {
  const model = useDeferredValue(latest);
  return (
    <section className="designer-pictures" aria-labelledby="designer-pictures-heading">
      <h3 id="designer-pictures-heading">The tables as items</h3>
      {model.tables.map((table) => (
        <div key={table.name}>
          <TablePicture model={model} tableName={table.name} />
          {[...table.globalSecondaryIndexes, ...table.localSecondaryIndexes].map((index) => (
            <TablePicture key={index.name} model={model} tableName={table.name} indexName={index.name} />
          ))}
        </div>
      ))}
    </section>
  );
});
