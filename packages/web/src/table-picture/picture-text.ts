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

export function keySchemaText(picture: TablePictureData): string {
  const sort = picture.sortKey ? `, sort key ${keyText(picture.sortKey)}` : ', no sort key';
  const projection = picture.kind === 'table' ? '' : `; projection ${projectionText(picture.projection)}`;
  return `partition key ${keyText(picture.partitionKey)}${sort}${projection}`;
}

/** How DynamoDB orders the items of one partition: the order a Query returns them in. */
export function orderText(picture: TablePictureData): string {
  const sortKey = picture.sortKey;
  if (sortKey === undefined) return 'One item per partition key value.';
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

export function bandText(partitionKey: string, partition: AttributeValue, shown: number, total: number): string {
  const count = shown === total ? `${total} ${total === 1 ? 'item' : 'items'}` : `${shown} of ${total} items`;
  return `${partitionKey} = ${cellLine(partition).full} · ${count}`;
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
