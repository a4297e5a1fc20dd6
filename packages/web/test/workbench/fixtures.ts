import type { DynamoTableDescription } from '../../src/api/types.js';

/** A leaderboard-like table: a GSI with a number sort key and an LSI. */
export const LEADERBOARD: DynamoTableDescription = {
  TableName: 'Leaderboard',
  KeySchema: [
    { AttributeName: 'PK', KeyType: 'HASH' },
    { AttributeName: 'SK', KeyType: 'RANGE' },
  ],
  AttributeDefinitions: [
    { AttributeName: 'PK', AttributeType: 'S' },
    { AttributeName: 'SK', AttributeType: 'S' },
    { AttributeName: 'game', AttributeType: 'S' },
    { AttributeName: 'score', AttributeType: 'N' },
    { AttributeName: 'blob', AttributeType: 'B' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'by-score',
      KeySchema: [
        { AttributeName: 'game', KeyType: 'HASH' },
        { AttributeName: 'score', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    },
  ],
  LocalSecondaryIndexes: [
    {
      IndexName: 'by-blob',
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'blob', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
};
