/** Entity rules: a known table, sound attributes and keys. */
import type { ProblemList } from '../errors.js';
import { findTable } from '../lookup.js';
import { didYouMean, quotedNames } from '../suggest.js';
import type { Model } from '../types.js';
import { checkAttributes } from './attributes.js';
import { checkEntityKeys } from './keys.js';
import { checkUnique } from './names.js';

export function checkEntities(problems: ProblemList, model: Model): void {
  checkUnique(problems, model.entities.map((entity) => entity.name), (name) => `entities.${name}`, 'entity');
  const tableNames = model.tables.map((table) => table.name);
  for (const entity of model.entities) {
    const path = `entities.${entity.name}`;
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(entity.name)) {
      problems.add(path, `entity name "${entity.name}" must be an identifier (a letter, then letters, digits or "_"): it names a type in generated code`);
    }
    checkAttributes(problems, path, entity);
    if (entity.plural.trim() === '') problems.add(`${path}.plural`, 'the plural is empty; remove it to use the default or write the plural');
    if (entity.table === '') {
      // With no table at all, the tables check already says so.
      if (tableNames.length > 1) {
        problems.add(`${path}.table`, `the model has ${tableNames.length} tables, so say which one holds ${entity.name}: ${quotedNames(tableNames)}`);
      }
      continue;
    }
    const table = findTable(model, entity.table);
    if (!table) {
      problems.add(
        `${path}.table`,
        `table "${entity.table}" is not declared.${didYouMean(entity.table, tableNames)} Declared tables: ${quotedNames(tableNames)}.`,
      );
      continue;
    }
    checkEntityKeys(problems, path, entity, table);
  }
}
