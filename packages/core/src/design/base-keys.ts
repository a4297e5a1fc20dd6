/**
 * The base table keys of one entity. An entity fetched by its id gets an
 * immutable key of its own (PLAYER#{playerId} / PLAYER). An entity only ever
 * listed lives in the partition of what it is listed by, which co-locates it
 * with that entity when the attribute is another entity's id (a Match under
 * PLAYER#{playerId}), sorted by a value fixed at creation and made unique by
 * its id (MATCH#{playedAt:iso}#{matchId}).
 */
import type { EntitySpec } from '../model/types.js';
import type { DesignDraft, Reading } from './draft.js';
import { encodeField } from './encoding.js';
import { attributePrefix, entityPrefix, identityOf, isMutable } from './naming.js';
import { orderAttribute } from './order.js';

export function designBaseKeys(draft: DesignDraft, entityName: string, readings: readonly Reading[]): void {
  const model = draft.model();
  const entity = draft.entity(entityName);
  const table = draft.table(entity.table);
  const pk = table.partitionKey.name;
  const sk = table.sortKey!.name;
  const prefix = entityPrefix(entity);
  const id = identityOf(entity)!.name;
  const subject = `${entity.name} ${pk}/${sk}`;
  const mutable = (name: string) => isMutable(model, entity, name);

  noteMutableOrders(draft, entity, readings, mutable);
  const byId = readings.find((r) => r.meaning.kind === 'get' && r.meaning.where.length === 0 && r.meaning.equals.length === 1 && r.meaning.equals[0] === id);
  if (byId !== undefined) {
    draft.setKeys(entity.name, { [pk]: `${prefix}#{${id}}`, [sk]: prefix });
    draft.decide(subject, `${pk} = ${prefix}#{${id}}, ${sk} = ${prefix}`, `"${byId.pattern.question}" supplies only ${id}, so the whole key is built from it and GetItem reads the item; the ${prefix}# prefix marks the entity type in the shared table.`);
    return;
  }
  const home = homeList(entity, readings, id, mutable);
  if (home === undefined) {
    draft.setKeys(entity.name, { [pk]: `${prefix}#{${id}}`, [sk]: prefix });
    draft.decide(subject, `${pk} = ${prefix}#{${id}}, ${sk} = ${prefix}`, `No question lists ${entity.plural} by attributes that never change, so each item keeps an immutable key of its own and the questions are answered by GSIs.`);
    return;
  }
  const [first, ...rest] = home.reading.meaning.equals as [string, ...string[]];
  const partition = `${attributePrefix(model, first)}#{${first}}`;
  const order = home.order;
  const segments = [prefix, ...rest.map((name) => encodeField(attributeOf(entity, name), name).field)];
  if (order !== undefined) segments.push(encodeField(attributeOf(entity, order), order).field);
  if (![...rest, order].includes(id)) segments.push(`{${id}}`);
  const sort = segments.join('#');
  draft.setKeys(entity.name, { [pk]: partition, [sk]: sort });

  const owner = model.entities.find((other) => other.name !== entity.name && identityOf(other)?.name === first);
  draft.decide(
    `${entity.name} ${pk}`,
    `${pk} = ${partition}`,
    owner
      ? `${entity.plural} are listed by ${first} ("${home.reading.pattern.question}") and the ${owner.name} is fetched by it, so they share ${owner.name}'s partition and one Query can read both.`
      : `${entity.plural} are listed by ${first} ("${home.reading.pattern.question}"), so they are kept together in one partition per ${first}.`,
  );
  const orderWhy = order !== undefined ? `sorted by ${order}, which never changes, so a Query reads them in order or within a range` : 'one item per id';
  draft.decide(`${entity.name} ${sk}`, `${sk} = ${sort}`, `${prefix}# keeps ${entity.plural} apart from other items of the partition (begins_with), ${orderWhy}.`);
  if (order !== undefined && order !== id) {
    draft.decide(`${entity.name} ${sk} uniqueness`, `#{${id}} ends the sort key`, `Two ${entity.plural} can have the same ${order}; the id keeps their keys distinct so one never overwrites the other.`);
  }
  const encoding = order !== undefined ? encodeField(attributeOf(entity, order), order) : undefined;
  if (encoding?.why !== undefined) draft.decide(`${entity.name} ${order}`, encoding.field, encoding.why);
}

function attributeOf(entity: EntitySpec, name: string) {
  return entity.attributes.find((a) => a.name === name);
}

/**
 * The list the base table answers: supplied attributes that never change, no
 * constant conditions (those get a sparse index), and an order fixed at
 * creation (a timestamp, a date, or the id); the busiest such list wins.
 */
function homeList(entity: EntitySpec, readings: readonly Reading[], id: string, mutable: (name: string) => boolean) {
  const fixed = (name: string) => {
    const attribute = attributeOf(entity, name);
    return attribute !== undefined && attribute.required && !mutable(name);
  };
  const eligible = readings
    .filter((r) => r.meaning.kind === 'list' && r.meaning.where.length === 0 && r.meaning.equals.length > 0)
    .filter((r) => r.meaning.equals.every(fixed) && !r.meaning.equals.includes(id))
    .map((reading) => ({ reading, order: orderAttribute(reading, entity) }))
    .filter(({ order }) => {
      if (order === undefined || order === id) return true;
      const type = attributeOf(entity, order)?.type;
      return fixed(order) && (type === 'timestamp' || type === 'date');
    });
  return eligible.sort((a, b) => (b.reading.pattern.rate ?? 0) - (a.reading.pattern.rate ?? 0))[0];
}

/** The ticket desk's lesson: a value that changes stays out of the base key, however a question selects or orders by it. */
function noteMutableOrders(draft: DesignDraft, entity: EntitySpec, readings: readonly Reading[], mutable: (name: string) => boolean): void {
  const changing = new Set<string>();
  for (const reading of readings) {
    const order = orderAttribute(reading, entity);
    for (const name of [...reading.meaning.equals, ...(order !== undefined ? [order] : [])]) if (mutable(name)) changing.add(name);
  }
  for (const name of changing) {
    draft.decide(
      `${entity.name} ${name}`,
      `${name} stays out of the base table key`,
      `${name} changes after creation and key attributes cannot be updated in place; in a GSI key one UpdateItem re-sorts the item (about 3 write units for a 1 KB item, against 4 for a transactional delete and put).`,
    );
  }
}
