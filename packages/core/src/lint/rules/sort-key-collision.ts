import { identityAttributes } from '../attributes.js';
import { autofix, setKey } from '../autofix.js';
import { keyFields } from '../context.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

export const sortKeyCollision: LintRule = {
  id: 'sort-key-collision',
  severity: 'error',
  title: 'Base-table keys that can collide',
  description:
    'Two items of one partition get the same base-table key when neither the partition key nor the sort key holds something unique to the item (a timestamp or a rating alone repeats); the second write silently replaces the first.',
  check(context) {
    return context.entities.flatMap((view) => {
      const table = view.table;
      if (!table || view.entity.count === 1) return [];
      const partition = view.key(table.partitionKey.name);
      const sort = table.sortKey ? view.key(table.sortKey.name) : undefined;
      if (!partition?.template || (table.sortKey && !sort?.template)) return [];
      const fields = [...keyFields(partition), ...(sort ? keyFields(sort) : [])];
      const identities = identityAttributes(view.entity);
      if (fields.some((field) => identities.has(field))) return [];
      const keyAttribute = sort ?? partition;
      const last = keyFields(keyAttribute).at(-1);
      const id = [...identities][0] ?? `${view.entity.name.charAt(0).toLowerCase()}${view.entity.name.slice(1)}Id`;
      return [
        finding(this, {
          subject: `${view.entity.name} ${keyAttribute.keyAttribute}`,
          message: `${view.entity.name}'s base key (${partition.text}${sort ? ` / ${sort.text}` : ''}) holds nothing unique to one item${last ? `: two items with the same ${last} get the same key` : ''}, and the second write replaces the first.`,
          fix: `Append a unique attribute to ${keyAttribute.keyAttribute}, e.g. ${keyAttribute.text}#{${id}} (declare it unique: true if it is not the entity's id); index keys need no such suffix.`,
          location: location({ entity: view.entity.name, keyAttribute: keyAttribute.keyAttribute, attribute: last }),
          autofix: identities.has(id) ? autofix(`Append #{${id}}`, [setKey(view.entity.name, keyAttribute.keyAttribute, `${keyAttribute.text}#{${id}}`)]) : undefined,
        }),
      ];
    });
  },
};
