/**
 * The table the multi-attribute GSI tests of every package share: Tickets,
 * keyed by pk and sk, with the GSI ByStatus keyed by status (S) + priority (N)
 * as partition attributes and createdAt (S) + id as sort attributes. Fresh
 * objects each call, so no test changes another's.
 */
type ScalarType = 'S' | 'N' | 'B';

/** ByStatus's KeySchema as DescribeTable lists it: every HASH element, then every RANGE element. */
export function byStatusKeySchema() {
  return [
    { AttributeName: 'status', KeyType: 'HASH' as const },
    { AttributeName: 'priority', KeyType: 'HASH' as const },
    { AttributeName: 'createdAt', KeyType: 'RANGE' as const },
    { AttributeName: 'id', KeyType: 'RANGE' as const },
  ];
}

/** The table's description; `idType` is the type of the last sort attribute, id. */
export function multiAttributeTickets(idType: ScalarType = 'S') {
  const defined = (name: string, type: ScalarType) => ({ AttributeName: name, AttributeType: type });
  return {
    TableName: 'Tickets',
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' as const },
      { AttributeName: 'sk', KeyType: 'RANGE' as const },
    ],
    AttributeDefinitions: [defined('pk', 'S'), defined('sk', 'S'), defined('status', 'S'), defined('priority', 'N'), defined('createdAt', 'S'), defined('id', idType)],
    GlobalSecondaryIndexes: [{ IndexName: 'ByStatus', KeySchema: byStatusKeySchema(), Projection: { ProjectionType: 'ALL' as const } }],
  };
}
