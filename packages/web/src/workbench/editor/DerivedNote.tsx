/**
 * What the linked model did to the edit: the entity it recognised and each
 * derived attribute it recomputed (set, changed or removed), which the save
 * sends with the person's own changes. Unticking the box sends the item as
 * typed.
 */
import type { DerivedEdit } from '@dynotable/core';

interface DerivedNoteProps {
  readonly derived: DerivedEdit | undefined;
  readonly keep: boolean;
  readonly onKeep: (keep: boolean) => void;
  readonly modelName: string;
}

function change({ attribute, before, after }: DerivedEdit['recomputed'][number]): string {
  if (after === undefined) return `${attribute} removed (was ${before ?? 'absent'})`;
  if (before === undefined) return `${attribute} added: ${after}`;
  return `${attribute}: ${before} → ${after}`;
}

export function DerivedNote({ derived, keep, onKeep, modelName }: DerivedNoteProps) {
  return (
    <div className="ed-derived" role="note" aria-label="Derived attributes">
      <label>
        <input type="checkbox" checked={keep} onChange={(event) => onKeep(event.target.checked)} /> Keep derived attributes in step with the model {modelName}
      </label>
      {keep && derived !== undefined && (
        <>
          <p className="muted">
            {derived.entity === undefined
              ? 'No entity of the model matches this item: it is saved as typed.'
              : derived.recomputed.length === 0
                ? `${derived.entity}: every derived attribute agrees with the model.`
                : `${derived.entity}: the save also writes what the model derives from your changes.`}
          </p>
          {derived.recomputed.length > 0 && (
            <ul className="ed-derived-list">
              {derived.recomputed.map((item) => (
                <li key={item.attribute} className="wb-mono">
                  {change(item)}
                </li>
              ))}
            </ul>
          )}
          {derived.problems.map((problem) => (
            <p key={problem} className="error-note" role="alert">
              {problem}
            </p>
          ))}
        </>
      )}
    </div>
  );
}
