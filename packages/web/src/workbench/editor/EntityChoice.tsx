/** For a new item in a linked table: start from one of the model's entities, its attributes filled and its keys built. */
import { useId, useState } from 'react';
import type { WireItem } from '@dynotable/core';
import type { LinkedModel } from '../model-link/use-model-link.js';
import { newEntityItem, tableEntities } from '../model-link/entity-template.js';

export function EntityChoice({ linked, onItem }: { readonly linked: LinkedModel; readonly onItem: (item: WireItem) => void }) {
  const id = useId();
  const [problems, setProblems] = useState<readonly string[]>([]);
  const entities = tableEntities(linked);
  if (entities.length === 0) return null;
  return (
    <div className="wb-row">
      <label htmlFor={id}>Start from an entity of {linked.model.name}</label>
      <select
        id={id}
        defaultValue=""
        onChange={(event) => {
          if (event.target.value === '') return;
          const built = newEntityItem(linked, event.target.value);
          setProblems(built.problems);
          onItem(built.item);
        }}
      >
        <option value="">(as typed)</option>
        {entities.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {problems.length > 0 && <span className="muted">Still to give: {problems.join('; ')}</span>}
    </div>
  );
}
