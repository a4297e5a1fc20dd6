/**
 * The cost report's tables: per access pattern, per write path, per entity's
 * storage and per capacity pool. The figures the model holds (calls per
 * second, items per call, item counts and sizes) are edited in place.
 */
import { formatMoney, formatUnits, type CostInput, type CostReport, type MonthlyCost } from '@dynotable/core';
import type { ReactNode } from 'react';
import { ColumnHeads } from '../app/ColumnHeads.js';
import { CostInputField } from './CostInputField.js';

export type SetCostInput = (input: CostInput, value: number | undefined) => void;

/** One of the report's tables: its column headings and its rows. */
function PricingTable({ label, columns, children }: { readonly label: string; readonly columns: readonly string[]; readonly children: ReactNode }) {
  return (
    <table className="pricing-table" aria-label={label}>
      <ColumnHeads names={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}

/** The money cells of a row; a row without a rate says so instead of showing $0.00. */
function Money({ monthly }: { readonly monthly: MonthlyCost | undefined }) {
  if (monthly === undefined) {
    return (
      <td colSpan={2} className="muted">
        no rate: not in the totals
      </td>
    );
  }
  return (
    <>
      <td>{formatMoney(monthly.onDemand)}</td>
      <td>{formatMoney(monthly.provisioned)}</td>
    </>
  );
}

const MONEY_COLUMNS = ['On-demand / month', 'Provisioned / month'] as const;

export function PatternTable({ report, set }: { readonly report: CostReport; readonly set: SetCostInput }) {
  return (
    <PricingTable label="Cost per access pattern" columns={['Access pattern', 'Operation', 'Reads from', 'Items per call', 'RCU per call', 'Calls / s', ...MONEY_COLUMNS]}>
      {report.patterns.map((row) => (
        <tr key={row.pattern}>
          <th scope="row">{row.pattern}</th>
          <td>{row.operation}</td>
          <td>
            {row.table}
            {row.index !== undefined ? ` · ${row.index}` : ''} <span className="muted">({row.consistency})</span>
          </td>
          <td>
            {row.operation === 'Query' ? (
              <CostInputField
                label={`${row.pattern} items per call`}
                field="expectedItems"
                value={row.itemsFrom === 'expectedItems' ? row.items : undefined}
                placeholder={String(row.items)}
                assumed={row.assumed.includes('expectedItems')}
                onCommit={(value) => set({ kind: 'pattern', name: row.pattern, field: 'expectedItems' }, value)}
              />
            ) : (
              formatUnits(row.items)
            )}
          </td>
          <td>{formatUnits(row.units)}</td>
          <td>
            <CostInputField
              label={`${row.pattern} calls per second`}
              field="rate"
              value={row.rate}
              placeholder="none"
              assumed={row.assumed.includes('rate')}
              onCommit={(value) => set({ kind: 'pattern', name: row.pattern, field: 'rate' }, value)}
            />
          </td>
          <Money monthly={row.monthly} />
        </tr>
      ))}
    </PricingTable>
  );
}

export function WritePathTable({ report, set }: { readonly report: CostReport; readonly set: SetCostInput }) {
  return (
    <PricingTable label="Cost per write path" columns={['Write path', 'Operation', 'WCU per call', 'Calls / s', ...MONEY_COLUMNS]}>
      {report.writePaths.map((row) => (
        <tr key={row.writePath}>
          <th scope="row">{row.writePath}</th>
          <td>{row.operation}</td>
          <td>
            {formatUnits(row.units)}{' '}
            <span className="muted">
              (table {formatUnits(row.breakdown.table)}
              {row.breakdown.indexes
                .filter((index) => index.units > 0)
                .map((index) => `, ${index.index} ${formatUnits(index.units)}`)
                .join('')}
              )
            </span>
            {row.notes.length > 0 && <span className="pricing-notes">{row.notes.join('; ')}</span>}
          </td>
          <td>
            <CostInputField
              label={`${row.writePath} calls per second`}
              field="rate"
              value={row.rate}
              placeholder="none"
              assumed={row.assumed.includes('rate')}
              onCommit={(value) => set({ kind: 'writePath', name: row.writePath, field: 'rate' }, value)}
            />
          </td>
          <Money monthly={row.monthly} />
        </tr>
      ))}
    </PricingTable>
  );
}

export function StorageTable({ report, set }: { readonly report: CostReport; readonly set: SetCostInput }) {
  return (
    <PricingTable label="Storage per entity" columns={['Entity', 'Items', 'Item size (bytes)', 'Index entries', 'Per month']}>
      {report.storage.entities.map((row) => (
        <tr key={row.entity}>
          <th scope="row">{row.entity}</th>
          <td>
            <CostInputField
              label={`${row.entity} items`}
              field="count"
              value={row.items}
              placeholder="none"
              assumed={row.assumed.includes('count')}
              onCommit={(value) => set({ kind: 'entity', name: row.entity, field: 'count' }, value)}
            />
          </td>
          <td>
            <CostInputField
              label={`${row.entity} average item size in bytes`}
              field="averageItemBytes"
              value={row.declaredItemBytes}
              placeholder={String(row.estimatedItemBytes)}
              assumed={row.assumed.includes('averageItemBytes')}
              onCommit={(value) => set({ kind: 'entity', name: row.entity, field: 'averageItemBytes' }, value)}
            />
            <span className="pricing-notes">
              {row.declaredItemBytes === undefined ? 'estimated from the attributes' : `estimate from the attributes: ${row.estimatedItemBytes}`}
            </span>
          </td>
          <td>{row.indexes.map((index) => `${index.index} × ${Math.round(index.entries).toLocaleString('en-US')}`).join(', ') || '—'}</td>
          <td>{row.items === undefined ? <span className="muted">no count: not in the totals</span> : formatMoney(row.monthly)}</td>
        </tr>
      ))}
    </PricingTable>
  );
}

export function CapacityTable({ report }: { readonly report: CostReport }) {
  if (report.capacity.length === 0) return null;
  return (
    <PricingTable label="Provisioned capacity per pool" columns={['Capacity pool', 'RCU', 'WCU', 'Per month']}>
      {report.capacity.map((pool) => (
        <tr key={`${pool.table}/${pool.pool}`}>
          <th scope="row">{pool.pool === pool.table ? pool.table : `${pool.table} · ${pool.pool}`}</th>
          <td>{pool.readCapacity}</td>
          <td>{pool.writeCapacity}</td>
          <td>{formatMoney(pool.monthly)}</td>
        </tr>
      ))}
    </PricingTable>
  );
}
