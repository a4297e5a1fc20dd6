import { isMutable, updatesOf } from '../attributes.js';
import { fieldsOf, keySubject } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

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
              });
            }),
        ),
    );
  },
};
