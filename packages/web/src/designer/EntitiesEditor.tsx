/**
 * The entities and their attributes, compactly: a name, then one row per
 * attribute with its name and type. Empty, the questions decide the entities;
 * "Take from the proposal" starts from what the questions implied.
 */
import type { DeclaredType, Model } from '@dynotable/core';
import { ATTRIBUTE_TYPES, entityDraftsOf, newId, type AttributeDraft, type EntityDraft } from './entity-drafts.js';

interface EntitiesEditorProps {
  readonly entities: readonly EntityDraft[];
  readonly proposal: Model | undefined;
  readonly onChange: (entities: EntityDraft[]) => void;
}

function AttributeRow({
  entity,
  attribute,
  onChange,
  onRemove,
}: {
  readonly entity: string;
  readonly attribute: AttributeDraft;
  readonly onChange: (attribute: AttributeDraft) => void;
  readonly onRemove: () => void;
}) {
  const label = attribute.name.trim() || 'new attribute';
  return (
    <li className="attribute-row">
      <input
        type="text"
        aria-label={`${entity} attribute name`}
        value={attribute.name}
        placeholder="attribute"
        spellCheck={false}
        onChange={(event) => onChange({ ...attribute, name: event.target.value })}
      />
      <select aria-label={`Type of ${entity} ${label}`} value={attribute.type} onChange={(event) => onChange({ ...attribute, type: event.target.value as DeclaredType })}>
        {ATTRIBUTE_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <button type="button" className="icon-button" aria-label={`Remove ${entity} ${label}`} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}

export function EntitiesEditor({ entities, proposal, onChange }: EntitiesEditorProps) {
  const update = (id: number, change: (entity: EntityDraft) => EntityDraft) => onChange(entities.map((entity) => (entity.id === id ? change(entity) : entity)));
  return (
    <section className="designer-entities" aria-labelledby="designer-entities-heading">
      <h2 id="designer-entities-heading">Entities</h2>
      <p className="muted">
        {entities.length === 0 ? 'None declared: the questions decide the entities and guess the types.' : 'The proposal uses these entities and types.'}
      </p>
      <div className="entity-actions">
        <button type="button" disabled={proposal === undefined || proposal.entities.length === 0} onClick={() => proposal && onChange(entityDraftsOf(proposal))}>
          Take from the proposal
        </button>
        <button type="button" onClick={() => onChange([...entities, { id: newId(), name: '', attributes: [{ id: newId(), name: '', type: 'string' }] }])}>
          Add entity
        </button>
        {entities.length > 0 && (
          <button type="button" onClick={() => onChange([])}>
            Clear entities
          </button>
        )}
      </div>
      {entities.map((entity, index) => {
        const title = entity.name.trim() || `Entity ${index + 1}`;
        return (
          <fieldset key={entity.id} className="entity-card">
            <legend>{title}</legend>
            <div className="entity-name-row">
              <input
                type="text"
                aria-label={`Name of entity ${index + 1}`}
                value={entity.name}
                placeholder="Player"
                spellCheck={false}
                onChange={(event) => update(entity.id, (each) => ({ ...each, name: event.target.value }))}
              />
              <button type="button" className="link-button" onClick={() => onChange(entities.filter((each) => each.id !== entity.id))}>
                Remove {title}
              </button>
            </div>
            <ul className="attribute-list">
              {entity.attributes.map((attribute) => (
                <AttributeRow
                  key={attribute.id}
                  entity={title}
                  attribute={attribute}
                  onChange={(next) => update(entity.id, (each) => ({ ...each, attributes: each.attributes.map((a) => (a.id === attribute.id ? next : a)) }))}
                  onRemove={() => update(entity.id, (each) => ({ ...each, attributes: each.attributes.filter((a) => a.id !== attribute.id) }))}
                />
              ))}
            </ul>
            <button type="button" className="link-button" onClick={() => update(entity.id, (each) => ({ ...each, attributes: [...each.attributes, { id: newId(), name: '', type: 'string' }] }))}>
              Add attribute to {title}
            </button>
          </fieldset>
        );
      })}
    </section>
  );
}
