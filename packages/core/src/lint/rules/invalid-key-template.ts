import { keyIndex, keySubject } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

export const invalidKeyTemplate: LintRule = {
  id: 'invalid-key-template',
  severity: 'error',
  title: 'Key template that cannot be built',
  description: 'A key template does not compile, names an attribute the entity does not declare, or is set for a key attribute the table does not have.',
  check(context) {
    return context.entities.flatMap((view) =>
      view.keys.flatMap((key) => {
        const at = location({ entity: view.entity.name, keyAttribute: key.keyAttribute, index: keyIndex(key) });
        const subject = keySubject(view, key);
        if (key.error !== undefined) {
          return [
            finding(this, {
              subject,
              message: `${key.keyAttribute} (${key.text}): ${key.error}.`,
              fix: 'Write fields as {name}, {name:05}, {name:d8.2} or {name:iso}, with literal text between plain fields.',
              location: at,
            }),
          ];
        }
        if (view.table && key.roles.length === 0) {
          return [
            finding(this, {
              subject,
              message: `${key.keyAttribute} is not a key attribute of table ${view.table.name} or any of its indexes.`,
              fix: `Rename it to one of the table's key attributes, or declare the index that uses ${key.keyAttribute}.`,
              location: at,
            }),
          ];
        }
        const missing = (key.template?.fields ?? []).filter((name) => view.attribute(name) === undefined);
        return missing.map((name) =>
          finding(this, {
            subject,
            message: `${key.keyAttribute} (${key.text}) uses {${name}}, which ${view.entity.name} does not declare.`,
            fix: `Declare ${name} among ${view.entity.name}'s attributes, or correct the field name.`,
            location: { ...at, attribute: name },
          }),
        );
      }),
    );
  },
};
