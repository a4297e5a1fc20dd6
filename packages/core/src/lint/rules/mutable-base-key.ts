import type { ModelEdit, ModelEditValue } from '../../model/edits.js';
import { identityAttributes, isMutable, updatesOf } from '../attributes.js';
import { setKey } from '../autofix.js';
import type { EntityView } from '../context.js';
import { keyRolesOfTable } from '../context.js';
import { fieldsOf, keySubject } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';
import type { LintAutofix } from '../types.js';

/** GSIs a table may have (the model's own limit). */
const MAX_GSIS = 20;

/**
 * The fix in its first form: the entity's base key becomes its id
 * (TICKET#{ticketId} / TICKET), and the old base key moves to a new GSI with
 * the same key types, where one UpdateItem re-sorts the item; every pattern the
 * old key answered is answered there. None when the entity has no immutable
 * id, the base key is not a string, or the table has no room for a GSI.
 */
function moveToIndexFix(view: EntityView): LintAutofix | undefined {
  const table = view.table;
  if (!table || table.partitionKey.type !== 'S' || (table.sortKey && table.sortKey.type !== 'S')) return undefined;
  if (table.globalSecondaryIndexes.length >= MAX_GSIS) return undefined;
  const id = [...identityAttributes(view.entity)].find((name) => !isMutable(view, name));
  const partition = view.key(table.partitionKey.name);
  const sort = table.sortKey ? view.key(table.sortKey.name) : undefined;
  if (id === undefined || !partition || (table.sortKey && !sort)) return undefined;
  const taken = new Set([...table.globalSecondaryIndexes.map((index) => index.name), ...table.localSecondaryIndexes.map((index) => index.name)]);
  const keyNames = keyRolesOfTable(table);
  let n = 1;
  while (taken.has(`GSI${n}`) || keyNames.has(`GSI${n}PK`) || keyNames.has(`GSI${n}SK`)) n++;
  const index = `GSI${n}`;
  const tag = view.entity.name.toUpperCase();
  const gsi: Record<string, ModelEditValue> = {
    partitionKey: { name: `${index}PK`, type: 'S' },
    ...(sort ? { sortKey: { name: `${index}SK`, type: 'S' } } : {}),
    projection: 'ALL',
    ...(table.provisioned ? { provisioned: { ...table.provisioned } } : {}),
  };
  const entity = view.entity.name;
  const edits: ModelEdit[] = [
    { op: 'set', path: ['tables', table.name, 'globalSecondaryIndexes', index], value: gsi },
    setKey(entity, `${index}PK`, partition.text),
    ...(sort ? [setKey(entity, `${index}SK`, sort.text)] : []),
    setKey(entity, partition.keyAttribute, `${tag}#{${id}}`),
    ...(sort ? [setKey(entity, sort.keyAttribute, tag)] : []),
  ];
  return { label: `Key ${entity} by ${id}, move its key to ${index}`, edits };
}

export const mutableBaseKey: LintRule = {
  id: 'mutable-base-key',
  severity: 'error',
  title: 'Attribute that changes inside a base-table key',
  description:
    'A base-table key is the item\'s address and cannot be updated; a value that changes (declared mutable or updated by a write path) forces a delete and a put on every change.',
  check(context) {
    return context.entities.flatMap((view) =>
      view.keys
        .filter((key) => key.roles.some((role) => role.kind === 'table'))
        .flatMap((key) =>
          fieldsOf(view, key)
            .filter((field) => isMutable(view, field.name))
            .map((field) => {
              const writers = updatesOf(view, field.name).map((path) => path.name);
              const changedBy = writers.length > 0 ? ` (${writers.join(', ')} change${writers.length === 1 ? 's' : ''} it)` : '';
              return finding(this, {
                subject: keySubject(view, key),
                message: `${key.keyAttribute} (${key.text}) contains ${field.name}, which changes after the item is created${changedBy}; UpdateItem cannot change a key attribute, so every change moves the item.`,
                fix: `Keep the base key immutable (the item's id) and put {${field.name}} in a GSI sort key instead, where one UpdateItem re-sorts the item (about 3 WCU for a 1 KB item). If it must stay in the base key, move the item with a TransactWriteItems of Delete (old key) and Put (new key) (about 4 WCU for 1 KB), never as two unguarded writes.`,
                location: location({ entity: view.entity.name, keyAttribute: key.keyAttribute, attribute: field.name, writePath: writers[0] }),
                autofix: moveToIndexFix(view),
              });
            }),
        ),
    );
  },
};
