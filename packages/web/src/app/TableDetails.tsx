/** What DescribeTable says about a table: keys, indexes with projections, size, billing, TTL. */
import type { KeySchemaElement, Projection, TableDescription } from '../api/types.js';
import { ColumnHeads } from './ColumnHeads.js';
import { formatBilling, formatBytes, formatCount } from './format.js';

function keyText(keys: readonly KeySchemaElement[], types: ReadonlyMap<string, string>): string {
  const hash = keys.filter((key) => key.KeyType === 'HASH');
  const range = keys.filter((key) => key.KeyType === 'RANGE');
  if (hash.length <= 1 && range.length <= 1) return keys.map((key) => `${key.AttributeName} (${types.get(key.AttributeName) ?? '?'}, ${key.KeyType === 'HASH' ? 'partition' : 'sort'})`).join(', ');
  // A multi-attribute GSI key: each role's attributes together, in key schema order.
  const joined = (role: readonly KeySchemaElement[]) => role.map((key) => `${key.AttributeName} (${types.get(key.AttributeName) ?? '?'})`).join(' + ');
  return range.length === 0 ? `partition ${joined(hash)}` : `partition ${joined(hash)}; sort ${joined(range)}`;
}

function projectionText(projection: Projection | undefined): string {
  const type = projection?.ProjectionType ?? 'ALL';
  return type === 'INCLUDE' ? `INCLUDE ${(projection?.NonKeyAttributes ?? []).join(', ')}` : type;
}

export function TableDetails({ description }: { readonly description: TableDescription }) {
  const { table, timeToLive, tags } = description;
  const types = new Map(table.AttributeDefinitions.map((d) => [d.AttributeName, d.AttributeType]));
  const throughput = table.ProvisionedThroughput;
  const indexes = [
    ...(table.GlobalSecondaryIndexes ?? []).map((index) => ({ kind: 'GSI', ...index })),
    ...(table.LocalSecondaryIndexes ?? []).map((index) => ({ kind: 'LSI', IndexStatus: undefined, ...index })),
  ];
  return (
    <section className="table-details" aria-label="Table description">
      <dl className="facts">
        <div>
          <dt>Keys</dt>
          <dd>{keyText(table.KeySchema, types)}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>{formatCount(table.ItemCount)}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatBytes(table.TableSizeBytes)}</dd>
        </div>
        <div>
          <dt>Billing</dt>
          <dd>
            {formatBilling(table.BillingModeSummary?.BillingMode ?? 'PROVISIONED')}
            {table.BillingModeSummary?.BillingMode !== 'PAY_PER_REQUEST' && throughput !== undefined
              ? ` · ${throughput.ReadCapacityUnits ?? 0} RCU, ${throughput.WriteCapacityUnits ?? 0} WCU`
              : ''}
          </dd>
        </div>
        <div>
          <dt>TTL</dt>
          <dd>{timeToLive.status === 'ENABLED' || timeToLive.status === 'ENABLING' ? `${timeToLive.attributeName ?? '?'} (${timeToLive.status.toLowerCase()})` : 'Off'}</dd>
        </div>
        <div>
          <dt>Class</dt>
          <dd>{table.TableClassSummary?.TableClass === 'STANDARD_INFREQUENT_ACCESS' ? 'Standard-IA' : 'Standard'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            {table.TableStatus ?? '—'}
            {table.DeletionProtectionEnabled === true ? ' · deletion protected' : ''}
          </dd>
        </div>
        {tags !== undefined && Object.keys(tags).length > 0 && (
          <div>
            <dt>Tags</dt>
            <dd>{Object.entries(tags).map(([key, value]) => `${key}=${value}`).join(', ')}</dd>
          </div>
        )}
      </dl>
      {indexes.length > 0 && (
        <table className="index-table">
          <caption>Secondary indexes</caption>
          <ColumnHeads names={['Index', 'Kind', 'Keys', 'Projection', 'Items', 'Status']} />
          <tbody>
            {indexes.map((index) => (
              <tr key={index.IndexName}>
                <th scope="row">{index.IndexName}</th>
                <td>{index.kind}</td>
                <td>{keyText(index.KeySchema, types)}</td>
                <td>{projectionText(index.Projection)}</td>
                <td>{formatCount(index.ItemCount)}</td>
                <td>{index.IndexStatus ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
