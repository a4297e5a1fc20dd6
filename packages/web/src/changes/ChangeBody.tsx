/** One change of an item: the item editor's attribute-by-attribute diff, or the one image the stream keeps. */
import type { WireItem } from '@dynotable/core';
import { ColumnHeads } from '../app/ColumnHeads.js';
import { DiffTable } from '../workbench/editor/DiffTable.js';
import { inlineValue } from '../workbench/editor/value-text.js';
import type { RecordChange } from './record-view.js';

function ImageTable({ label, item }: { readonly label: string; readonly item: WireItem }) {
  return (
    <table className="ed-diff">
      <caption>{label}</caption>
      <ColumnHeads names={['Attribute', 'Value']} />
      <tbody>
        {Object.entries(item).map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td className="wb-mono">{inlineValue(value, 'plain')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ChangeBody({ change }: { readonly change: RecordChange }) {
  return change.kind === 'diff' ? <DiffTable rows={change.rows} mode="plain" /> : <ImageTable label={change.label} item={change.item} />;
}
