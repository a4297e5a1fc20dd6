/** Cost reports as aligned text tables, for people. */
import type { MoveComparison } from './move-comparison.js';
import { compareMoveWithIndexUpdate } from './move-comparison.js';
import type { CostReport } from './report.js';

/** Left-aligned text columns, right-aligned numbers (cells starting with a digit, `$` or `-`). */
export function renderTextTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => /^[-$\d]/.test(row[i] ?? '') || (row[i] ?? '') === ''));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * Capacity units for people, the one formatter every package uses: whole
 * numbers as they are, others to at most two decimals (0.5, 12.25), so float
 * noise never shows. With a word, it follows, made plural unless the units are
 * exactly 1: "1 unit", "0.5 units".
 */
export function formatUnits(units: number, word?: string): string {
  const text = Number.isInteger(units) ? String(units) : units.toFixed(2).replace(/0+$/, '');
  return word === undefined ? text : `${text} ${word}${units === 1 ? '' : 's'}`;
}

/**
 * An amount of money, the one rule for every cost DynoTable shows: from $1 up,
 * dollars and cents ($131.00, $24.64, $1,250.00); under $1, three significant
 * digits ($0.386, $0.0121, $0.00125), so a small cost is not rounded to $0.00.
 */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const size = Math.abs(amount);
  if (size === 0) return '$0.00';
  if (Number(size.toPrecision(3)) >= 1) return `${sign}$${size.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const decimals = Math.max(2, 2 - Math.floor(Math.log10(size)));
  return `${sign}$${size.toFixed(decimals)}`;
}

/** A price ($0.000000625 per write, $1.25 per million): the same rule as every amount. */
export function formatUsd(price: number): string {
  return formatMoney(price);
}

/** What requests cost ($0.0000000625 for one read): the same rule as every amount. */
export function formatCost(usd: number): string {
  return formatMoney(usd);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(2)} MB`;
  return `${Math.round(bytes)} B`;
}

const optional = (value: number | undefined, format: (value: number) => string) => (value === undefined ? '' : format(value));

/** An input figure, with `*` when it is assumed. */
const figure = (value: number | undefined, assumed: boolean, format: (value: number) => string = String) => optional(value, format) + (assumed && value !== undefined ? '*' : '');

export function renderCostReport(report: CostReport): string {
  const sections: string[] = [`Cost of ${report.model} (${report.prices.region}, prices as of ${report.prices.asOf})`];

  sections.push(
    'Reads per access pattern',
    renderTextTable(
      ['pattern', 'operation', 'index', 'items', 'bytes/item', 'consistency', 'RCU/call', 'rate/s', 'on-demand/mo', 'provisioned/mo'],
      report.patterns.map((row) => [
        row.pattern,
        row.operation,
        row.index ?? '(table)',
        figure(row.items, row.assumed.includes('expectedItems')),
        String(Math.round(row.itemBytes)),
        row.consistency,
        formatUnits(row.units),
        figure(row.rate, row.assumed.includes('rate')),
        optional(row.monthly?.onDemand, formatMoney),
        optional(row.monthly?.provisioned, formatMoney),
      ]),
    ),
  );

  const indexNames = [...new Set(report.writePaths.flatMap((row) => row.breakdown.indexes.map((index) => index.index)))];
  sections.push(
    'Writes per write path (WCU per call: base table and each index)',
    renderTextTable(
      ['write path', 'operation', 'item bytes', 'table', ...indexNames, 'WCU/call', 'rate/s', 'on-demand/mo', 'provisioned/mo'],
      report.writePaths.map((row) => [
        row.writePath,
        row.operation,
        String(Math.max(row.beforeBytes ?? 0, row.afterBytes ?? 0)),
        formatUnits(row.breakdown.table),
        ...indexNames.map((name) => {
          const index = row.breakdown.indexes.find((entry) => entry.index === name);
          return index === undefined ? '' : formatUnits(index.units);
        }),
        formatUnits(row.units),
        figure(row.rate, row.assumed.includes('rate')),
        optional(row.monthly?.onDemand, formatMoney),
        optional(row.monthly?.provisioned, formatMoney),
      ]),
    ),
  );
  const writeNotes = report.writePaths.flatMap((row) => row.notes.map((note) => `  ${row.writePath}: ${note}`));
  if (writeNotes.length > 0) sections.push(writeNotes.join('\n'));

  sections.push(
    'Storage',
    renderTextTable(
      ['entity', 'items', 'bytes/item', 'index entries', 'total', 'per month'],
      report.storage.entities.map((row) => [
        row.entity,
        figure(row.items, row.assumed.includes('count'), (items) => items.toLocaleString('en-US')),
        figure(row.itemBytes, row.assumed.includes('averageItemBytes') && row.declaredItemBytes !== undefined),
        row.indexes.map((index) => `${index.index} ${index.entryBytes} B × ${Math.round(index.entries).toLocaleString('en-US')}`).join(', '),
        formatBytes(row.bytes),
        formatMoney(row.monthly),
      ]),
    ),
  );

  if (report.capacity.length > 0) {
    sections.push(
      'Provisioned capacity (whole units at the declared rates, no headroom)',
      renderTextTable(
        ['table', 'pool', 'RCU', 'WCU', 'per month'],
        report.capacity.map((pool) => [pool.table, pool.pool, String(pool.readCapacity), String(pool.writeCapacity), formatMoney(pool.monthly)]),
      ),
    );
  }

  sections.push(
    'Per month',
    renderTextTable(
      ['', 'on-demand', 'provisioned'],
      [
        ['throughput', formatMoney(report.totals.onDemandMonthly), formatMoney(report.totals.provisionedMonthly)],
        ['storage', formatMoney(report.totals.storageMonthly), formatMoney(report.totals.storageMonthly)],
        [
          'total',
          formatMoney(report.totals.onDemandMonthly + report.totals.storageMonthly),
          formatMoney(report.totals.provisionedMonthly + report.totals.storageMonthly),
        ],
      ],
    ),
  );
  const reasons = [
    ['on-demand', report.zeroReasons.onDemand],
    ['provisioned', report.zeroReasons.provisioned],
    ['storage', report.zeroReasons.storage],
  ].flatMap(([total, reason]) => (reason === undefined ? [] : [`  ${total} is $0: ${reason}`]));
  if (reasons.length > 0) sections.push(['Why $0:', ...reasons].join('\n'));
  if (report.assumedFigures > 0) sections.push(`* assumed (${report.assumedFigures} figures): set them in the model, or keep them`);
  if (report.problems.length > 0) sections.push(['Not costed:', ...report.problems.map((problem) => `  ${problem.name}: ${problem.message}`)].join('\n'));
  sections.push(['Assumptions:', ...report.assumptions.map((line) => `  - ${line}`)].join('\n'));
  return sections.join('\n\n') + '\n';
}

export function renderMoveComparison(comparison: MoveComparison = compareMoveWithIndexUpdate()): string {
  const rows = [comparison.move, comparison.indexUpdate].map((option) => {
    const index = option.breakdown.indexes.map((row) => `${row.index} ${row.change} ${formatUnits(row.units)}`).join(', ');
    return [option.design, option.operation, formatUnits(option.breakdown.table), index || '-', formatUnits(option.units), formatMoney(option.perMillionChanges)];
  });
  const saving = comparison.move.perMillionChanges - comparison.indexUpdate.perMillionChanges;
  return [
    `Changing the status of a ${comparison.itemBytes}-byte ticket (${comparison.prices.region} on-demand, prices as of ${comparison.prices.asOf})`,
    '',
    renderTextTable(['design', 'operation', 'table WCU', 'index WCU', 'total WCU', 'per million changes'], rows),
    '',
    `The GSI update costs ${formatUnits(comparison.indexUpdate.units)} WCU against ${formatUnits(comparison.move.units)} for the move: ${formatMoney(saving)} less per million changes, in one call and without a transaction. Its index reads are eventually consistent.`,
    '',
  ].join('\n');
}
