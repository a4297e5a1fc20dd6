/**
 * The bench's data: items of exactly 200 bytes (DynamoDB's item size: names
 * plus values, all ASCII here), 100 to a partition of the table and 100 to a
 * partition of the GSI, so a Query of one partition reads 100 items.
 */
const ITEM_BYTES = 200;
export const PER_PARTITION = 100;

export const TABLE_INPUT = {
  TableName: 'bench',
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
    { AttributeName: 'gpk', AttributeType: 'S' },
    { AttributeName: 'gsk', AttributeType: 'S' },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'gsi',
      KeySchema: [
        { AttributeName: 'gpk', KeyType: 'HASH' },
        { AttributeName: 'gsk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
};

export interface BenchItem {
  pk: { S: string };
  sk: { S: string };
  gpk: { S: string };
  gsk: { S: string };
  data: { S: string };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Item number i of `total`: partition i / 100 on the table, i % (total / 100) on the GSI. */
export function benchItem(i: number, total = 50_000): BenchItem {
  const pk = `p#${pad(Math.floor(i / PER_PARTITION), 5)}`;
  const sk = pad(i % PER_PARTITION, 5);
  const gpk = `g#${pad(i % Math.max(1, Math.floor(total / PER_PARTITION)), 5)}`;
  const gsk = pad(i, 8);
  const used = 'pk'.length + pk.length + 'sk'.length + sk.length + 'gpk'.length + gpk.length + 'gsk'.length + gsk.length + 'data'.length;
  return { pk: { S: pk }, sk: { S: sk }, gpk: { S: gpk }, gsk: { S: gsk }, data: { S: 'x'.repeat(ITEM_BYTES - used) } };
}

/** The key of item number i of `total` (benchItem(i, total)'s pk and sk), without building the rest of the item. */
export function benchKey(i: number): Pick<BenchItem, 'pk' | 'sk'> {
  return { pk: { S: `p#${pad(Math.floor(i / PER_PARTITION), 5)}` }, sk: { S: pad(i % PER_PARTITION, 5) } };
}

export function keyOf(item: BenchItem): Pick<BenchItem, 'pk' | 'sk'> {
  return { pk: item.pk, sk: item.sk };
}
