/**
 * A GSI for a question the base table cannot answer: partition on the first
 * supplied attribute, sort on the rest, then the order, then the entity's id
 * (a stable order among equal values; GSI keys need not be unique). Constant
 * conditions make the index sparse. An existing GSI the entity does not use
 * yet is reused (overloaded) before a new one is added.
 */
import { globalIndexSpec, isMultiAttributeIndex } from '../model/global-index.js';
import { designMultiAttributeIndex } from './multi-attribute-design.js';
import type { EntitySpec, GlobalIndexSpec } from '../model/types.js';
import type { DesignDraft, Reading } from './draft.js';
import { encodeField } from './encoding.js';
import { attributePrefix, entityPrefix, identityOf } from './naming.js';
import { orderAttribute } from './order.js';

export function designIndexFor(draft: DesignDraft, reading: Reading): string {
  const multi = designMultiAttributeIndex(draft, reading);
  if (multi !== undefined) return multi;
  const model = draft.model();
  const entity = draft.entity(reading.meaning.entity);
  const { meaning } = reading;
  const prefix = entityPrefix(entity);
  const id = identityOf(entity)!.name;
  const field = (name: string) => encodeField(entity.attributes.find((a) => a.name === name), name);
  const [first, ...rest] = meaning.equals;
  const partition = first !== undefined ? `${attributePrefix(model, first)}#{${first}}` : prefix;
  const segments = rest.map((name) => `${attributePrefix(model, name)}#${field(name).field}`);
  const order = meaning.kind === 'list' ? orderAttribute(reading, entity) : undefined;
  if (order !== undefined && !meaning.equals.includes(order)) segments.push(`${attributePrefix(model, order)}#${field(order).field}`);
  if (![...rest, order].includes(id)) segments.push(`${prefix}#{${id}}`);
  const sort = segments.join('#');

  const index = indexForEntity(draft, entity);
  const keys = { [index.partitionKey.name]: partition, [index.sortKey!.name]: sort };
  const condition = Object.fromEntries(meaning.where.map((c) => [c.attribute, c.value]));
  const sparse = meaning.where.length > 0;
  draft.setKeys(entity.name, keys, sparse ? { [index.partitionKey.name]: condition, [index.sortKey!.name]: condition } : {});

  const question = `"${reading.pattern.question}"`;
  draft.decide(
    `${entity.name} ${index.name}`,
    `${index.partitionKey.name} = ${partition}, ${index.sortKey!.name} = ${sort}`,
    first === undefined
      ? `${question} names no attribute to partition by, so every ${entity.name} of the index shares one partition, sorted by ${order ?? id}.`
      : `${question} supplies ${first}, which is not the base partition${order !== undefined ? `, and wants the order of ${order}` : ''}; the #{${id}} at the end gives equal values a stable order.`,
  );
  if (sparse) {
    const words = meaning.where.map((c) => `${c.attribute} is ${c.value}`).join(' and ');
    draft.decide(
      `${entity.name} ${index.name} sparse`,
      `${index.partitionKey.name} and ${index.sortKey!.name} are written only while ${words}`,
      `Only those ${entity.plural} are listed, so the rest stay out of the index: no filter, and a smaller, cheaper index.`,
    );
  }
  const encoding = order !== undefined ? field(order) : undefined;
  if (encoding?.why !== undefined) draft.decide(`${entity.name} ${order}`, encoding.field, encoding.why);
  return index.name;
}

function indexForEntity(draft: DesignDraft, entity: EntitySpec): GlobalIndexSpec {
  const table = draft.table(entity.table);
  const current = draft.entity(entity.name);
  // A multi-attribute index is keyed by one entity's attribute names: only generic ones are shared.
  const free = table.globalSecondaryIndexes.find((index) => !isMultiAttributeIndex(index) && current.keys[index.partitionKey.name] === undefined);
  if (free !== undefined) {
    draft.decide(`index ${free.name}`, `reused for ${entity.plural}`, `${entity.name} has no keys in ${free.name} yet, so its items can share the overloaded index instead of adding another.`);
    return free;
  }
  const n = table.globalSecondaryIndexes.length + 1;
  const index = globalIndexSpec(`GSI${n}`, [{ name: `GSI${n}PK`, type: 'S' }], [{ name: `GSI${n}SK`, type: 'S' }], { type: 'ALL' });
  draft.addIndex(table.name, index);
  draft.decide(
    `index ${index.name}`,
    `GSI ${index.name} with generic keys ${index.partitionKey.name}/${index.sortKey!.name}, projection ALL`,
    `The base table cannot answer a question of ${entity.plural}; generic key names let other entities reuse the index, and ALL answers the question without a second read.`,
  );
  return index;
}
