import { utf8ByteLength } from '../../size/item-size.js';
import { maxFieldBytes } from '../attributes.js';
import { fieldsOf, keyIndex, keySubject } from '../key-fields.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

const PARTITION_LIMIT = 2048;
const SORT_LIMIT = 1024;

export const keyTooLong: LintRule = {
  id: 'key-too-long',
  severity: 'error',
  title: 'Key value that can exceed DynamoDB\'s size limit',
  description:
    'From the template\'s literals and the fields\' declared maxLength, ranges and formats, the key can pass 2,048 bytes (partition key) or 1,024 bytes (sort key); DynamoDB then rejects the write.',
  check(context) {
    return context.entities.flatMap((view) =>
      view.keys.flatMap((key) => {
        if (!key.template || key.roles.length === 0) return [];
        const literal = key.template.parts.reduce((sum, part) => sum + (part.kind === 'literal' ? utf8ByteLength(part.text) : 0), 0);
        const bounds = fieldsOf(view, key).map((field) => ({ field, bound: maxFieldBytes(field.attribute, field.format) }));
        if (bounds.some((entry) => entry.bound === undefined)) return [];
        const total = literal + bounds.reduce((sum, entry) => sum + entry.bound!.bytes, 0);
        const partition = key.roles.some((role) => role.part === 'partition');
        const limit = partition ? PARTITION_LIMIT : SORT_LIMIT;
        if (total <= limit) return [];
        const largest = bounds.reduce((best, entry) => (entry.bound!.bytes > best.bound!.bytes ? entry : best));
        return [
          finding(this, {
            subject: keySubject(view, key),
            message: `${key.keyAttribute} (${key.text}) can reach ${total} bytes, over DynamoDB's ${limit}-byte limit for a ${partition ? 'partition' : 'sort'} key; ${largest.field.name} alone can take ${largest.bound!.bytes} bytes (${largest.bound!.basis}).`,
            fix: `Keep long values out of keys: key by a short id or a hash of ${largest.field.name} and store the full value as an ordinary attribute, or lower its maxLength if it is declared too high.`,
            location: location({ entity: view.entity.name, keyAttribute: key.keyAttribute, index: keyIndex(key), attribute: largest.field.name }),
          }),
        ];
      }),
    );
  },
};
