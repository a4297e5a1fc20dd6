import { isNumberAttribute, isMutable } from '../attributes.js';
import { MAX_GSI_KEY_ATTRIBUTES } from '../../rules/limits.js';
import type { GlobalIndexSpec } from '../../model/types.js';
import type { EntityKey, EntityView } from '../context.js';
import { keyFields } from '../context.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

/** The GSI and role the key attribute is the one attribute of, when that role has a single attribute. */
function singleGlobalRole(view: EntityView, key: EntityKey): { index: GlobalIndexSpec; part: 'partition' | 'sort' } | undefined {
  for (const role of key.roles) {
    if (role.kind !== 'gsi' || role.type !== 'S') continue;
    const index = view.table?.globalSecondaryIndexes.find((each) => each.name === role.index);
    const keys = role.part === 'partition' ? index?.partitionKeys : index?.sortKeys;
    if (index && keys?.length === 1) return { index, part: role.part };
  }
  return undefined;
}

/** Why typed attributes would serve the key better: a part that changes, a number sorted as text. */
function reasons(view: EntityView, fields: readonly string[], part: 'partition' | 'sort'): string[] {
  const out: string[] = [];
  const changing = fields.filter((name) => isMutable(view, name));
  if (changing.length > 0) out.push(`${changing.join(' and ')} change${changing.length === 1 ? 's' : ''}, and every change rewrites the whole composite string`);
  const numbers = fields.filter((name) => {
    const attribute = view.attribute(name);
    return attribute !== undefined && isNumberAttribute(attribute);
  });
  if (part === 'sort' && numbers.length > 0) out.push(`${numbers.join(' and ')} ${numbers.length === 1 ? 'is a number' : 'are numbers'} sorted as text, which needs padding`);
  return out;
}

export const concatenatedIndexKey: LintRule = {
  id: 'concatenated-index-key',
  severity: 'info',
  title: 'GSI key concatenated from attributes a multi-attribute key could hold',
  description:
    'A GSI key attribute joins several attributes into one string (STATUS#{status}#TICKET#{id}) where one of them changes or is a number; a GSI key may have up to 4 partition and 4 sort attributes, each typed, which nothing has to rebuild when a part changes and which sort numbers as numbers.',
  check(context) {
    return context.entities.flatMap((view) =>
      view.keys.flatMap((key) => {
        const fields = [...new Set(keyFields(key))];
        if (fields.length < 2 || fields.length > MAX_GSI_KEY_ATTRIBUTES) return [];
        if (fields.some((name) => view.attribute(name) === undefined)) return [];
        const role = singleGlobalRole(view, key);
        if (!role) return [];
        const why = reasons(view, fields, role.part);
        if (why.length === 0) return [];
        const roleKey = role.part === 'partition' ? 'partitionKey' : 'sortKey';
        return [
          finding(this, {
            subject: `${view.entity.name} ${key.keyAttribute}`,
            message: `${key.keyAttribute} (${key.text}) joins ${fields.join(', ')} into one string: ${why.join('; ')}. ${role.index.name}'s ${role.part} key could instead be the attributes [${fields.join(', ')}] themselves, each keeping its own type.`,
            fix: `Consider \`${roleKey}: [${fields.join(', ')}]\` on ${role.index.name}, with one template per attribute ({${fields[0]}}, ...). The trade: a multi-attribute key cannot go stale and sorts numbers as numbers, but a Query gives equality on leading ${role.part === 'sort' ? 'sort attributes and one range condition on the last one used' : 'attributes only'}, where the composite string allows begins_with over a prefix spanning several parts. Keep the composite if you query by such a prefix.`,
            location: location({ entity: view.entity.name, keyAttribute: key.keyAttribute, index: role.index.name, attribute: fields[0], pattern: undefined, writePath: undefined }),
          }),
        ];
      }),
    );
  },
};
