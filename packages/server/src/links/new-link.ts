/** A link asked for by a person: the model's table this live table is, checked against the model. */
import type { Model } from '@dynotable/core';
import { DataError } from '../data/errors.js';
import type { ModelLink, ModelLinkSource } from './model-link.js';

export interface LinkRequest {
  readonly model: Model;
  /** The text the model was read from: kept, comments and all. */
  readonly text: string;
  readonly source: Exclude<ModelLinkSource, 'example'>;
  readonly name?: string;
  /** Default: the model's table of the live table's name, else its only table. */
  readonly modelTable?: string;
}

export function newLink(table: string, request: LinkRequest, now: Date = new Date()): ModelLink {
  const names = request.model.tables.map((spec) => spec.name);
  const chosen = request.modelTable ?? (names.includes(table) ? table : names.length === 1 ? names[0] : undefined);
  if (chosen === undefined) {
    throw new DataError('invalid', 'ValidationException', `The model has the tables ${names.join(', ')} and none is named ${table}: say which one ${table} is with modelTable.`);
  }
  if (!names.includes(chosen)) {
    throw new DataError('invalid', 'ValidationException', `The model has no table ${chosen}; its tables are ${names.join(', ')}.`);
  }
  return { source: request.source, name: request.name ?? request.model.name, modelTable: chosen, model: request.text, linkedAt: now.toISOString() };
}
