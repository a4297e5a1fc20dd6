import type { LintRule } from '../rule.js';
import { finding, location } from '../rule.js';

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
      [...table.globalSecondaryIndexes.map((index) => ({ kind: 'GSI', name: index.name })), ...table.localSecondaryIndexes.map((index) => ({ kind: 'LSI', name: index.name }))]
        .filter((index) => !used.has(`${table.name}/${index.name}`))
        .map((index) =>
          finding(this, {
            subject: `index ${index.name}`,
            message: `${index.kind} ${index.name} on ${table.name} answers none of the model's access patterns, yet every item with its keys is written to it.`,
            fix: `Remove ${index.name} and the entities' keys for it, or add the access pattern it was meant for.`,
            location: location({ index: index.name }),
          }),
        ),
    );
  },
};
