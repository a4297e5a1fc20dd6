/** The grid's entity cell: the entity the model recognises in the item, and a flag when its derived keys disagree with the model. */
import type { DerivedMismatch } from '@dynotable/core';

export const ENTITY_WIDTH = 150;

export interface ItemNote {
  readonly entity: string | undefined;
  readonly mismatches: readonly DerivedMismatch[];
}

interface EntityCellProps {
  readonly note: ItemNote;
  readonly colIndex: number;
  readonly left: number;
  readonly onRepair: (() => void) | undefined;
}

export function EntityCell({ note, colIndex, left, onRepair }: EntityCellProps) {
  const stale = note.mismatches.length > 0;
  const messages = note.mismatches.map((mismatch) => mismatch.message).join('\n');
  return (
    <div role="gridcell" aria-colindex={colIndex} className={`wb-td wb-entity${stale ? ' wb-stale' : ''}`} style={{ left, width: ENTITY_WIDTH }} title={stale ? messages : undefined}>
      {note.entity ?? <span className="muted">no entity</span>}
      {stale && (
        <button
          type="button"
          className="wb-stale-flag"
          tabIndex={-1}
          aria-label={`${note.mismatches.length === 1 ? note.mismatches[0]!.message : `${note.mismatches.length} derived attributes disagree with the model`}: repair`}
          title={`${messages}\nClick to review the repair.`}
          disabled={onRepair === undefined}
          onClick={(event) => {
            event.stopPropagation();
            onRepair?.();
          }}
        >
          ⚠ {note.mismatches.length}
        </button>
      )}
    </div>
  );
}
