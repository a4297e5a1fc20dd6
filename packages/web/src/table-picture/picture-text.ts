/** The words around a picture: its title, key schema, order, cells and the note on items left out. */
import { attributeValueToWire } from '@dynotable/core';
import type { AttributeValue, KeyAttribute, Projection } from '@dynotable/core';
import { cellText } from '../workbench/cell-format.js';
import type { LeftOut, TablePictureData } from './picture-rows.js';

/** Longer cell text is cut, with the whole value in the cell's title. */
export const CELL_CHARACTERS = 40;

const KIND_WORDS = { table: 'base table', gsi: 'global secondary index', lsi: 'local secondary index' } as const;

export function pictureTitle(picture: TablePictureData): string {
  return picture.index === undefined ? `${picture.table} (base table)` : `${picture.table} · ${picture.index} (${KIND_WORDS[picture.kind]})`;
}

function keyText(key: KeyAttribute): string {
  return `${key.name} (${key.type})`;
}

export function projectionText(projection: Projection): string {
  if (projection.type === 'INCLUDE') return `INCLUDE ${projection.attributes.join(', ') || '(no attributes)'}`;
  return projection.type;
}

/** Several attributes of one role (a multi-attribute GSI) joined by +. */
export function keysText(keys: readonly KeyAttribute[]): string {
  return keys.map(keyText).join(' + ');
}

export function keySchemaText(picture: TablePictureData): string {
  const sort = picture.sortKeys.length > 0 ? `, sort key ${keysText(picture.sortKeys)}` : ', no sort key';
  const projection = picture.kind === 'table' ? '' : `; projection ${projectionText(picture.projection)}`;
  return `partition key ${keysText(picture.partitionKeys)}${sort}${projection}`;
}

/** How DynamoDB orders the items of one partition: the order a Query returns them in. */
export function orderText(picture: TablePictureData): string {
  const sortKey = picture.sortKey;
  if (sortKey === undefined) return 'One item per partition key value.';
  if (picture.sortKeys.length > 1) {
    const names = picture.sortKeys.map((key) => key.name).join(', then ');
    return `Items of a partition in ${names} order, each by its own type, as a Query returns them (ScanIndexForward true).`;
  }
  const how = sortKey.type === 'N' ? 'numerically' : sortKey.type === 'B' ? 'by unsigned bytes' : 'by UTF-8 bytes';
  return `Items of a partition in ${sortKey.name} order, ${how}, as a Query returns them (ScanIndexForward true).`;
}

/** One line for a cell, shortened when long. */
export function cellLine(value: AttributeValue): { text: string; full: string } {
  const full = cellText(attributeValueToWire(value));
  const characters = [...full];
  const text = characters.length > CELL_CHARACTERS ? `${characters.slice(0, CELL_CHARACTERS - 1).join('')}…` : full;
  return { text, full };
}

/** A partition's heading: its key value (every attribute of a multi-attribute key, names and values in order) and its items. */
export function bandText(partitionKey: string | readonly string[], partition: AttributeValue | readonly AttributeValue[], shown: number, total: number): string {
  const count = shown === total ? `${total} ${total === 1 ? 'item' : 'items'}` : `${shown} of ${total} items`;
  const names = typeof partitionKey === 'string' ? [partitionKey] : partitionKey;
  const values: readonly AttributeValue[] = Array.isArray(partition) ? partition : [partition as AttributeValue];
  const key = names.map((name, position) => `${name} = ${values[position] !== undefined ? cellLine(values[position]).full : '?'}`).join(', ');
  return `${key} · ${count}`;
}

export function leftOutText(leftOut: LeftOut, kind: TablePictureData['kind']): string {
  const where = kind === 'table' ? 'this table' : 'this index';
  const why =
    leftOut.reason === 'no-template'
      ? `${leftOut.entity} has no template for ${leftOut.keys.join(', ')}`
      : leftOut.conditions.length > 0
        ? `${leftOut.keys.join(', ') || 'its keys'} written only when ${leftOut.conditions.join(' and ')}`
        : `no value for ${leftOut.keys.join(', ')}`;
  const items = leftOut.count === 1 ? 'item' : 'items';
  return `${leftOut.count} of ${leftOut.of} sample ${leftOut.entity} ${items} not in ${where} (${kind === 'table' ? '' : 'sparse: '}${why}).`;
}
