import { isMutable } from '../attributes.js';
import type { EntityView } from '../context.js';
import { keyFields } from '../context.js';
import { keyIndex, keySubject } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

/** Fields of the entity's base-table key: the writer has them, it addresses the item by them. */
function baseKeyFields(view: EntityView): Set<string> {
  return new Set(view.keys.filter((key) => key.roles.some((role) => role.kind === 'table')).flatMap((key) => keyFields(key)));
}

export const staleIndexKey: LintRule = {
  id: 'stale-index-key',
  severity: 'error',
  title: 'Index key composed of attributes updated separately',
  description:
    'A GSI or LSI key joins attributes that different write paths update; a writer that changes one of them does not know the current value of the other, so the key it writes is stale.',
  check(context) {
    return context.entities.flatMap((view) => {
      const known = baseKeyFields(view);
      return view.keys
        .filter((key) => key.roles.some((role) => role.kind !== 'table'))
        .flatMap((key) => {
          const inputs = [...new Set([...keyFields(key), ...Object.keys(key.when)])];
          return view.writePaths
            .filter((path) => path.kind === 'update' && path.attributes.some((name) => inputs.includes(name)))
            .flatMap((path) => {
              const unknown = inputs.filter((name) => !path.attributes.includes(name) && !known.has(name) && isMutable(view, name));
              if (unknown.length === 0) return [];
              return [
                finding(this, {
                  subject: keySubject(view, key),
                  message: `${path.name} updates ${path.attributes.join(', ')}, which ${key.keyAttribute} (${key.text}) is built from, but not ${unknown.join(', ')}, which also changes; it cannot rebuild the key without reading the item first, so the key goes stale.`,
                  fix: `Make every write path that changes a field of ${key.keyAttribute} update all its changing fields together (${[...path.attributes, ...unknown].join(' and ')}), or split the key so each changing field lives in its own index key, or read-then-write with a condition on the version.`,
                  location: location({ entity: view.entity.name, keyAttribute: key.keyAttribute, index: keyIndex(key), attribute: unknown[0], writePath: path.name }),
                  autofix: {
                    label: `Make ${path.name} update ${unknown.join(' and ')} too`,
                    edits: [{ op: 'set', path: ['writePaths', path.name, 'attributes'], value: [...path.attributes, ...unknown] }],
                  },
                }),
              ];
            });
        });
    });
  },
};
