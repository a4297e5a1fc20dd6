/**
 * A GSI with a multi-attribute key, proposed where it is clearly better than
 * the concatenated sort key the designer would otherwise write
 * (`STATUS#{status}#PRIORITY#{priority:01}#TICKET#{ticketId}`): when two parts
 * of that string change through different write paths (each write would have
 * to rebuild the whole string without knowing the other part: a stale key).
 * Elsewhere the concatenated key stays: it can be shared by other entities and
 * read with begins_with across parts. The index is keyed by the item's own typed attributes, so nothing is
 * rebuilt and numbers sort as numbers; the price is that a Query gives equality
 * on leading sort attributes and at most one range on the last one used, where
 * a concatenated key allows begins_with over a prefix spanning several parts.
 */
import { globalIndexSpec } from '../model/global-index.js';
import { MAX_GSI_KEY_ATTRIBUTES } from '../rules/limits.js';
import type { AttributeSpec, EntitySpec, KeyAttribute, Model } from '../model/types.js';
import type { DesignDraft, Reading } from './draft.js';
import { identityOf, isMutable } from './naming.js';
import { orderAttribute } from './order.js';

/** The key type an attribute is stored as, when it can be a key attribute at all. */
function keyType(attribute: AttributeSpec | undefined): KeyAttribute['type'] | undefined {
  if (attribute === undefined) return undefined;
  if (attribute.type === 'number') return attribute.format === 'string' ? 'S' : 'N';
  if (attribute.type === 'timestamp') return attribute.format === 'epoch-seconds' || attribute.format === 'epoch-millis' ? 'N' : 'S';
  if (attribute.type === 'binary') return 'B';
  return ['string', 'date', 'uuid', 'enum'].includes(attribute.type) ? 'S' : undefined;
}

/** Why the concatenated key would be worse, or undefined when it is fine. */
function concatenationProblem(model: Model, entity: EntitySpec, sortParts: readonly string[]): string | undefined {
  const updaters = (name: string) =>
    model.writePaths.filter((path) => path.entity === entity.name && path.kind === 'update' && path.attributes.includes(name)).map((path) => path.name);
  const changing = sortParts.filter((name) => isMutable(model, entity, name));
  const apart = changing.flatMap((name) =>
    updaters(name).filter((path) => changing.some((other) => other !== name && !updaters(other).includes(path))).map((path) => ({ name, path })),
  );
  if (apart.length > 0) {
    const { name, path } = apart[0]!;
    const others = changing.filter((other) => other !== name).join(' and ');
    return `${path} changes ${name} but not ${others}, so a concatenated sort key would have to be rebuilt without knowing ${others} (a stale key)`;
  }
  return undefined;
}

/** The GSI for the reading as a multi-attribute key, or undefined when the concatenated design is as good. */
export function designMultiAttributeIndex(draft: DesignDraft, reading: Reading): string | undefined {
  const model = draft.model();
  const entity = draft.entity(reading.meaning.entity);
  const { meaning } = reading;
  const [first, ...rest] = meaning.equals;
  // Sparse indexes need key attributes the item may lack; the item's own attributes are always there.
  if (first === undefined || meaning.where.length > 0) return undefined;
  const id = identityOf(entity)?.name;
  const order = meaning.kind === 'list' ? orderAttribute(reading, entity) : undefined;
  const sortParts = [...new Set([...rest, ...(order !== undefined && !meaning.equals.includes(order) ? [order] : []), ...(id !== undefined ? [id] : [])])];
  if (sortParts.length < 2 || sortParts.length > MAX_GSI_KEY_ATTRIBUTES || sortParts.includes(first)) return undefined;
  const why = concatenationProblem(model, entity, sortParts);
  if (why === undefined) return undefined;
  const typed = (name: string): KeyAttribute | undefined => {
    const type = keyType(entity.attributes.find((each) => each.name === name));
    return type === undefined ? undefined : { name, type };
  };
  const partitionKeys = [typed(first)];
  const sortKeys = sortParts.map(typed);
  if ([...partitionKeys, ...sortKeys].some((key) => key === undefined)) return undefined;
  const table = draft.table(entity.table);
  // The key attributes must keep one type across the table's indexes.
  const declared = new Map([...table.globalSecondaryIndexes.flatMap((index) => [...index.partitionKeys, ...index.sortKeys]), table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])].map((key) => [key.name, key.type]));
  if ([...partitionKeys, ...sortKeys].some((key) => declared.has(key!.name) && declared.get(key!.name) !== key!.type)) return undefined;

  const index = globalIndexSpec(`GSI${table.globalSecondaryIndexes.length + 1}`, partitionKeys as KeyAttribute[], sortKeys as KeyAttribute[], { type: 'ALL' });
  draft.addIndex(table.name, index);
  draft.setKeys(entity.name, Object.fromEntries([first, ...sortParts].map((name) => [name, `{${name}}`])));
  const keyText = `partition [${first}], sort [${sortParts.join(', ')}]`;
  draft.decide(
    `index ${index.name}`,
    `GSI ${index.name} with a multi-attribute key: ${keyText}, projection ALL`,
    `"${reading.pattern.question}" supplies ${first}${order !== undefined ? ` and wants the order of ${order}` : ''}; ${why}. Keyed by the item's own typed attributes, the index cannot go stale (there is no composite string to rewrite when a part changes) and numbers sort as numbers; the price is that a Query gives equality on leading sort attributes plus one range condition on the last one used, where a concatenated sort key would allow begins_with over a prefix spanning several parts, and that the index, keyed by ${entity.name}'s attribute names, is not shared with other entities.`,
  );
  draft.decide(
    `${entity.name} ${index.name}`,
    [first, ...sortParts].map((name) => `${name} = {${name}}`).join(', '),
    `Each key attribute is the ${entity.name}'s own attribute, written as it is, so an update of ${sortParts.filter((name) => isMutable(model, entity, name)).join(' or ') || 'any part'} moves the item in the index with nothing else to rewrite.`,
  );
  return index.name;
}
