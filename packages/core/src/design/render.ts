/** A design for people: tables, each entity's key templates, each pattern's operation and why, then the decisions. */
import type { Model, PatternPlan } from '../model/types.js';
import type { QuestionWarning } from '../patterns/index.js';
import type { DesignResult } from './designer.js';
import { staticPrefix } from './template-text.js';

function describeTable(model: Model): string[] {
  const lines: string[] = [];
  for (const table of model.tables) {
    const sort = table.sortKey ? ` / ${table.sortKey.name} (${table.sortKey.type})` : '';
    lines.push(`  ${table.name}: ${table.partitionKey.name} (${table.partitionKey.type})${sort}, ${table.billingMode}`);
    for (const gsi of table.globalSecondaryIndexes) {
      // A multi-attribute key lists its attributes in key order: `tenantId + teamId / status + priority`.
      const names = (keys: readonly { name: string }[]) => keys.map((key) => key.name).join(' + ');
      const gsiSort = gsi.sortKeys.length > 0 ? ` / ${names(gsi.sortKeys)}` : '';
      lines.push(`    GSI ${gsi.name}: ${names(gsi.partitionKeys)}${gsiSort}, projection ${gsi.projection.type}`);
    }
    for (const lsi of table.localSecondaryIndexes) lines.push(`    LSI ${lsi.name}: ${table.partitionKey.name} / ${lsi.sortKey.name}, projection ${lsi.projection.type}`);
  }
  return lines;
}

function describeKeys(model: Model): string[] {
  const lines: string[] = [];
  for (const entity of model.entities) {
    lines.push(`  ${entity.name} (${entity.table})`);
    const width = Math.max(0, ...Object.keys(entity.keys).map((name) => name.length));
    for (const [name, template] of Object.entries(entity.keys)) {
      const when = entity.keysWhen[name];
      const sparse = when ? `  (only while ${Object.entries(when).map(([a, v]) => `${a} = ${v}`).join(' and ')})` : '';
      lines.push(`    ${name.padEnd(width)}  ${template}${sparse}`);
    }
    if (Object.keys(entity.keys).length === 0) lines.push('    (no keys)');
  }
  return lines;
}

export function describePlanLine(plan: PatternPlan): string {
  const where = plan.index !== undefined ? `${plan.table}.${plan.index}` : plan.table;
  const condition: string[] = [];
  // Every partition attribute and leading sort equality of a multi-attribute GSI key.
  for (const part of [...(plan.partitionKeys ?? (plan.partition ? [plan.partition] : [])), ...(plan.sortEquals ?? [])]) condition.push(`${part.attribute} = ${part.template}`);
  if (plan.sort?.operator === 'equals') condition.push(`${plan.sort.attribute} = ${plan.sort.template}`);
  if (plan.sort?.operator === 'beginsWith') {
    const prefix = staticPrefix(plan.sort.template, (field) => plan.parameters.includes(field));
    condition.push(`begins_with(${plan.sort.attribute}, "${prefix}")`);
  }
  if (plan.sort?.operator === 'between') condition.push(`${plan.sort.attribute} BETWEEN ${plan.sort.rangeAttribute}From AND ${plan.sort.rangeAttribute}To`);
  const extras = [
    plan.scanIndexForward === false ? 'descending' : undefined,
    plan.limit !== undefined ? `Limit ${plan.limit}` : undefined,
    plan.consistentRead ? 'ConsistentRead' : undefined,
    plan.filter ? `filter ${plan.filter.map((c) => `${c.attribute} = ${c.value}`).join(' AND ')}` : undefined,
  ].filter((x) => x !== undefined);
  const args = plan.parameters.length > 0 ? `(${plan.parameters.join(', ')})` : '()';
  return `${plan.pattern}${args}: ${plan.operation} ${where}${condition.length > 0 ? ` where ${condition.join(' AND ')}` : ''}${extras.length > 0 ? `; ${extras.join(', ')}` : ''}`;
}

/** Questions designed from words may come with warnings: the ones left out, and why. */
export function renderDesign(result: DesignResult & { readonly warnings?: readonly QuestionWarning[] }): string {
  const lines = [`${result.model.name}: ${result.mode === 'designed' ? 'designed from its access patterns' : 'keys checked against its access patterns'}`, ''];
  const warnings = result.warnings ?? [];
  if (warnings.length > 0) {
    lines.push('Not understood (left out of the design)');
    for (const warning of warnings) lines.push(`  warning: ${warning.message}`);
    lines.push('');
  }
  lines.push('Tables', ...describeTable(result.model), '', 'Keys', ...describeKeys(result.model), '', 'Access patterns');
  for (const plan of result.plans) lines.push(`  ${describePlanLine(plan)}`, `    ${plan.why}`);
  if (result.decisions.length > 0) {
    lines.push('', 'Decisions');
    for (const decision of result.decisions) lines.push(`  ${decision.subject}: ${decision.decision}`, `    ${decision.why}`);
  }
  lines.push('', result.problems.length === 0 ? 'No problems.' : 'Problems');
  for (const problem of result.problems) lines.push(`  ${problem.pattern !== undefined ? `${problem.pattern}: ` : ''}${problem.message}`);
  return `${lines.join('\n')}\n`;
}
