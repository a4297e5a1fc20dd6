import type { GlobalIndexSpec } from '../../model/types.js';
import { globalIndexKeys } from '../../model/global-index.js';
import type { EntityView } from '../context.js';
import { keyFields } from '../context.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

/** "GSI1 (3 key attributes)" or "GSI1 (both key attributes)", for the message. */
function everyKey(index: GlobalIndexSpec): string {
  const count = globalIndexKeys(index).length;
  if (count === 1) return 'its key attribute';
  return count === 2 ? 'both of its key attributes' : `all ${count} of its key attributes`;
}

/** The entity's GSIs it writes keys for: an item of it is meant to be there. */
function writtenIndexes(view: EntityView): GlobalIndexSpec[] {
  return (view.table?.globalSecondaryIndexes ?? []).filter((index) => globalIndexKeys(index).some((key) => view.key(key.name) !== undefined));
}

export const optionalIndexKeyField: LintRule = {
  id: 'optional-index-key-field',
  severity: 'warning',
  title: 'GSI key built from an attribute items may lack',
  description:
    'A key attribute of a GSI is built from an attribute declared `required: false`, and no keysWhen says the index is meant to be sparse; an item is in a GSI only when it has every one of the index\'s key attributes, so items without that attribute silently drop out of the index.',
  check(context) {
    return context.entities.flatMap((view) =>
      writtenIndexes(view).flatMap((index) =>
        globalIndexKeys(index).flatMap((keyAttribute) => {
          const key = view.key(keyAttribute.name);
          if (!key || Object.keys(key.when).length > 0) return [];
          const optional = keyFields(key).filter((name) => view.attribute(name)?.required === false);
          if (optional.length === 0) return [];
          const field = optional[0]!;
          return [
            finding(this, {
              subject: `${view.entity.name} ${key.keyAttribute}`,
              message: `${key.keyAttribute} (${key.text}) is built from ${optional.join(' and ')}, which ${view.entity.plural} may lack (required: false); without it the item has no ${key.keyAttribute}, and an item is in ${index.name} only with ${everyKey(index)}, so those ${view.entity.plural} silently drop out of ${index.name}.`,
              fix: `Make ${optional.join(' and ')} required (or give a default), build ${key.keyAttribute} from attributes every item has, or, if only some ${view.entity.plural} belong in ${index.name}, say which with keysWhen on ${key.keyAttribute}.`,
              location: location({ entity: view.entity.name, keyAttribute: key.keyAttribute, index: index.name, attribute: field, pattern: undefined, writePath: undefined }),
            }),
          ];
        }),
      ),
    );
  },
};
