/**
 * What a reload after a refused save did with the user's edits: re-applied
 * onto the item as it is now, with the attributes both sides changed named
 * (the user's value is in the text; one button puts theirs back instead), or,
 * for an item deleted meanwhile, kept as a new item to put.
 */
import { ColumnHeads } from '../../app/ColumnHeads.js';
import type { EditMode } from './edited-item.js';
import type { RebasedEdits } from './rebase-edits.js';
import { inlineValue } from './value-text.js';

interface ReloadNoticeProps {
  readonly rebased: RebasedEdits;
  readonly mode: EditMode;
  /** Puts the other writer's value of the attribute in the text (removes it if they removed it). */
  readonly onUseTheirs: (name: string) => void;
}

const list = (names: readonly string[]) => names.join(', ');

export function ReloadNotice({ rebased, mode, onUseTheirs }: ReloadNoticeProps) {
  if (rebased.deleted) {
    return (
      <div className="ed-explain" role="note" aria-label="After the reload">
        <p>
          <strong>The item was deleted since you loaded it.</strong> Your text is kept as a new item: saving puts it back with a PutItem, on condition that no item has its key
          yet.
        </p>
      </div>
    );
  }
  if (rebased.yourChanges.length === 0) return null;
  const absent = <span className="muted">(absent)</span>;
  return (
    <div className="ed-explain" role="note" aria-label="After the reload">
      <p>
        Your edits ({list(rebased.yourChanges)}) are re-applied onto the item as it is now.
        {rebased.theirChanges.length > 0 ? ` Changed by someone else meanwhile: ${list(rebased.theirChanges)}.` : ''} Saving is now guarded by the values just loaded.
      </p>
      {rebased.conflicts.length > 0 && (
        <table className="ed-diff ed-conflicts">
          <caption>Changed by both you and someone else: your value is in the text</caption>
          <ColumnHeads names={['Attribute', 'As you loaded it', 'Theirs (in the table now)', 'Yours (in the text)', 'Decide']} />
          <tbody>
            {rebased.conflicts.map((conflict) => (
              <tr key={conflict.name}>
                <th scope="row">{conflict.name}</th>
                <td className="wb-mono">{conflict.loaded !== undefined ? inlineValue(conflict.loaded, mode) : absent}</td>
                <td className="wb-mono">{conflict.theirs !== undefined ? inlineValue(conflict.theirs, mode) : absent}</td>
                <td className="wb-mono">{conflict.yours !== undefined ? inlineValue(conflict.yours, mode) : absent}</td>
                <td>
                  <button type="button" onClick={() => onUseTheirs(conflict.name)} aria-label={`Use theirs for ${conflict.name}`}>
                    Use theirs
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
