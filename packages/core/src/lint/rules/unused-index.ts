import type { ModelEdit } from '../../model/edits.js';
import type { TableSpec } from '../../model/types.js';
import { keyRolesOfTable } from '../context.js';
import type { LintContext } from '../context.js';
import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';
import type { LintAutofix } from '../types.js';

/** The index removed (its whole list when it is the last), and the entities' keys and sparse conditions only it used. */
function removeIndexFix(context: LintContext, table: TableSpec, kind: 'GSI' | 'LSI', name: string): LintAutofix {
  const field = kind === 'GSI' ? 'globalSecondaryIndexes' : 'localSecondaryIndexes';
  const siblings = kind === 'GSI' ? table.globalSecondaryIndexes : table.localSecondaryIndexes;
  const edits: ModelEdit[] = [
    { op: 'remove', path: siblings.length === 1 ? ['tables', table.name, field] : ['tables', table.name, field, name] },
  ];
  const roles = keyRolesOfTable(table);
  const onlyThis = [...roles].filter(([, uses]) => uses.every((role) => role.index === name)).map(([keyAttribute]) => keyAttribute);
  for (const view of context.entities) {
    if (view.entity.table !== table.name) continue;
    const keys = Object.keys(view.entity.keys);
    const dropped = keys.filter((key) => onlyThis.includes(key));
    if (dropped.length > 0 && dropped.length === keys.length) edits.push({ op: 'remove', path: ['entities', view.entity.name, 'keys'] });
    else for (const key of dropped) edits.push({ op: 'remove', path: ['entities', view.entity.name, 'keys', key] });
    const sparse = Object.keys(view.entity.keysWhen);
    const droppedWhen = sparse.filter((key) => onlyThis.includes(key));
    if (droppedWhen.length > 0 && droppedWhen.length === sparse.length) edits.push({ op: 'remove', path: ['entities', view.entity.name, 'keysWhen'] });
    else for (const key of droppedWhen) edits.push({ op: 'remove', path: ['entities', view.entity.name, 'keysWhen', key] });
  }
  return { label: `Remove ${name}`, edits };
}

export const unusedIndex: LintRule = {
  id: 'unused-index',
  severity: 'warning',
  title: 'Index no access pattern uses',
  description: 'A GSI or LSI that no access pattern reads through still costs a write and storage for every item it holds.',
  check(context) {
    const used = new Set(
      context.patterns.flatMap((analysis) =>
        analysis.plan && analysis.plan.operation !== 'Scan' && analysis.plan.index !== undefined ? [`${analysis.plan.table}/${analysis.plan.index}`] : [],
      ),
    );
    return context.model.tables.flatMap((table) =>
      [...table.globalSecondaryIndexes.map((index) => ({ kind: 'GSI' as const, name: index.name })), ...table.localSecondaryIndexes.map((index) => ({ kind: 'LSI' as const, name: index.name }))]
        .filter((index) => !used.has(`${table.name}/${index.name}`))
        .map((index) =>
          finding(this, {
            subject: `index ${index.name}`,
            message: `${index.kind} ${index.name} on ${table.name} answers none of the model's access patterns, yet every item with its keys is written to it.`,
            fix: `Remove ${index.name} and the entities' keys for it, or add the access pattern it was meant for.`,
            location: location({ index: index.name }),
            autofix: removeIndexFix(context, table, index.kind, index.name),
          }),
        ),
    );
  },
};
