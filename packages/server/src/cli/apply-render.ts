/** The text `dynotable apply` and `dynotable diff` print: the plan, what was done, the differences and their requests. */
import type { ApplyPlan, TableComparison } from '@dynotable/core';
import type { ApplyResult } from '../data/model-apply/apply-types.js';
import { count } from './data-progress.js';

/** JSON as a request reads best: a part that fits on one line stays on it (a key schema element, a projection). */
function requestJson(value: unknown, indent = '', lead = 0): string {
  const inline = JSON.stringify(value);
  if (value === null || typeof value !== 'object' || indent.length + lead + inline.length <= 96) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => inner + requestJson(item, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${requestJson(item, inner, key.length + 4)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

function indexSummary(plan: ApplyPlan['tables'][number]): string {
  const globals = plan.request.GlobalSecondaryIndexes?.length ?? 0;
  const locals = plan.request.LocalSecondaryIndexes?.length ?? 0;
  const parts = [globals > 0 ? plural(globals, 'GSI') : '', locals > 0 ? plural(locals, 'LSI') : '', plan.request.BillingMode === 'PROVISIONED' ? 'provisioned' : 'on demand'];
  return parts.filter(Boolean).join(', ');
}

export function renderPlan(plan: ApplyPlan): string {
  let text = `Dry run of the ${plan.model} model: nothing was sent anywhere.\n`;
  for (const table of plan.tables) {
    text += `\nCreateTable ${table.name}${table.name !== table.modelTable ? ` (the model's ${table.modelTable})` : ''}: ${indexSummary(table)}\n${requestJson(table.request)}\n`;
    if (table.timeToLiveAttribute !== undefined) text += `then UpdateTimeToLive: TTL on attribute ${table.timeToLiveAttribute}\n`;
    if (table.sample.length > 0) text += `then sample items: ${table.sample.map((each) => `${count(each.items)} ${each.entity}`).join(', ')} (seed ${plan.seed})\n`;
  }
  if (plan.samplePerEntity === 0) text += '\nNo sample items (add --sample <n> for <n> items of every entity).\n';
  return text;
}

export function renderApplied(result: ApplyResult, where: string, undo: string | undefined): string {
  let text = '';
  for (const table of result.tables) {
    if (table.outcome === 'skipped') text += `Skipped ${table.name}: it exists already on ${where} (left as it is; nothing loaded)\n`;
    else text += `Created ${table.name} on ${where}${table.loaded > 0 ? `, loaded ${plural(table.loaded, 'sample item')}` : ''}\n`;
  }
  const loads = result.tables.filter((table) => table.loaded > 0).length;
  if (result.cancelled) text += `The sample load was cancelled: ${count(result.loaded)} of ${count(result.planned)} items were written.\n`;
  if (loads > 0 && undo !== undefined) text += `Undo the sample load with: ${undo.replace('<n>', String(loads))}\n`;
  return text;
}

export function renderComparison(comparison: TableComparison, where: string): string {
  const named = comparison.table === comparison.modelTable ? comparison.table : `${comparison.table} (the model's ${comparison.modelTable})`;
  if (comparison.equal) return `${named} on ${where} is as the model says.\n`;
  let text = `${named} on ${where} differs from the model in ${plural(comparison.differences.length, 'way')}:\n`;
  for (const difference of comparison.differences) text += `  - ${difference.message}${difference.fix === 'new-table' ? ' (needs a new table)' : ''}\n`;
  if (comparison.requests.length > 0) {
    text += `\n${comparison.requests.length === 1 ? 'The request' : `The ${comparison.requests.length} requests`} that close ${comparison.needsNewTable.length > 0 ? 'what can be closed' : 'the differences'}, in order:\n`;
    comparison.requests.forEach((request, i) => {
      text += `\n${i + 1}. ${request.operation}: ${request.purpose}\n${requestJson(request.input)}\n`;
    });
  }
  for (const statement of comparison.needsNewTable) text += `\n${statement}\n`;
  return text;
}
