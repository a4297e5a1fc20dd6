/**
 * A misplaced item: at the first position where the answer differs, the item
 * the question expects and the item DynamoDB returned, attribute by attribute,
 * the attributes that tell them apart marked.
 */
import { ColumnHeads } from '../app/ColumnHeads.js';
import { compareItems, type MismatchJson } from './verify-report.js';

export function MismatchView({ mismatch, label }: { readonly mismatch: MismatchJson; readonly label: string }) {
  const position = mismatch.position + 1;
  const rows = compareItems(mismatch.expectedItem, mismatch.actualItem);
  return (
    <figure className="verify-mismatch">
      <figcaption>
        First difference at <mark className="verify-position">position {position}</mark>: {mismatch.reason}
      </figcaption>
      {rows.length > 0 && (
        <table className="verify-compare" aria-label={`${label}: expected and returned item at position ${position}`}>
          <ColumnHeads names={['Attribute', `Expected at position ${position}`, `Got at position ${position}`]} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.name} className={row.differs ? 'verify-differs' : undefined}>
                <th scope="row">
                  {row.name}
                  {row.differs && <span className="verify-differs-note"> (differs)</span>}
                </th>
                <td>{row.expected ?? <span className="muted">{mismatch.expectedItem === undefined ? 'no item' : '—'}</span>}</td>
                <td>{row.actual ?? <span className="muted">{mismatch.actualItem === undefined ? 'no item' : '—'}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
