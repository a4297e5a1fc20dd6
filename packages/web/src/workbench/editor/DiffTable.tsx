/** Old against new, attribute by attribute, in the editor's notation; unchanged attributes on request. */
import { useState } from 'react';
import { ColumnHeads } from '../../app/ColumnHeads.js';
import type { EditMode } from './edited-item.js';
import type { DiffRow } from './item-diff.js';
import { inlineValue } from './value-text.js';

const CHANGE_WORDS = { added: 'added', removed: 'removed', changed: 'changed', unchanged: 'unchanged' } as const;

export function DiffTable({ rows, mode }: { readonly rows: readonly DiffRow[]; readonly mode: EditMode }) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.filter((row) => row.change !== 'unchanged');
  const unchanged = rows.length - rows.filter((row) => row.change !== 'unchanged').length;
  return (
    <>
      <table className="ed-diff">
        <caption>Changes, attribute by attribute</caption>
        <ColumnHeads names={['Attribute', 'Before', 'After', 'Change']} />
        <tbody>
          {shown.map((row) => (
            <tr key={row.name} className={`ed-${row.change}`}>
              <th scope="row">
                {row.name}
                {row.key && <span className="ed-key-tag"> key</span>}
              </th>
              <td className="wb-mono">{row.change === 'added' ? <span className="muted">(absent)</span> : inlineValue(row.before, mode)}</td>
              <td className="wb-mono">{row.change === 'removed' ? <span className="muted">(removed)</span> : inlineValue(row.after, mode)}</td>
              <td>{CHANGE_WORDS[row.change]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {unchanged > 0 && (
        <label className="wb-check">
          <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} /> Show the {unchanged} unchanged attribute{unchanged === 1 ? '' : 's'}
        </label>
      )}
    </>
  );
}
