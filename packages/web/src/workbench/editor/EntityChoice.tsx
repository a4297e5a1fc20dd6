/**
 * For a new item in a linked table: one of the model's entities as a form of
 * its attributes. Every change rebuilds the item in the text below, keys
 * included, so the form and the text always agree; the text stays editable
 * for what the form does not hold (lists, maps, sets).
 */
import { useId, useState } from 'react';
import type { WireItem } from '@dynotable/core';
import type { LinkedModel } from '../model-link/use-model-link.js';
import { entityItemFrom, firstValues, formAttributes, tableEntities } from '../model-link/entity-template.js';

interface EntityChoiceProps {
  readonly linked: LinkedModel;
  readonly onItem: (item: WireItem) => void;
}

export function EntityChoice({ linked, onItem }: EntityChoiceProps) {
  const id = useId();
  const [entity, setEntity] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<readonly string[]>([]);
  const entities = tableEntities(linked);
  if (entities.length === 0) return null;

  const rebuild = (name: string, next: Record<string, string>) => {
    setValues(next);
    const built = entityItemFrom(linked, name, next);
    setProblems(built.problems);
    onItem(built.item);
  };

  return (
    <fieldset className="ed-entity-form">
      <legend>
        <label htmlFor={id}>Start from an entity of {linked.model.name}</label>{' '}
        <select
          id={id}
          value={entity}
          onChange={(event) => {
            const name = event.target.value;
            setEntity(name);
            if (name !== '') rebuild(name, firstValues(linked, name));
          }}
        >
          <option value="">(as typed)</option>
          {entities.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </legend>
      {entity !== '' && (
        <div className="ed-entity-fields">
          {formAttributes(linked, entity).map((spec) => (
            <label key={spec.name}>
              {spec.name}{' '}
              {spec.type === 'enum' || spec.type === 'boolean' ? (
                <select value={values[spec.name] ?? ''} onChange={(event) => rebuild(entity, { ...values, [spec.name]: event.target.value })}>
                  {(spec.type === 'boolean' ? ['true', 'false'] : (spec.values ?? [])).map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  className="wb-mono"
                  inputMode={spec.type === 'number' ? 'decimal' : undefined}
                  value={values[spec.name] ?? ''}
                  onChange={(event) => rebuild(entity, { ...values, [spec.name]: event.target.value })}
                />
              )}
            </label>
          ))}
        </div>
      )}
      {problems.length > 0 && <p className="muted">Still to give: {problems.join('; ')}</p>}
    </fieldset>
  );
}
