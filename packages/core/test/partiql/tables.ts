/** Table descriptions the planner tests read: pk/sk with a GSI and an LSI, a table keyed by id alone, a multi-attribute GSI. */
import type { PartiqlTableDescription } from '@dynotable/core';

export const ORDERS: PartiqlTableDescription = {
  TableName: 'Orders',
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
    { AttributeName: 'status', AttributeType: 'S' },
    { AttributeName: 'placed', AttributeType: 'N' },
    { AttributeName: 'total', AttributeType: 'N' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'byStatus',
      KeySchema: [
        { AttributeName: 'status', KeyType: 'HASH' },
        { AttributeName: 'placed', KeyType: 'RANGE' },
      ],
    },
  ],
  LocalSecondaryIndexes: [
    {
      IndexName: 'byTotal',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'total', KeyType: 'RANGE' },
      ],
    },
  ],
};

export const TICKETS: PartiqlTableDescription = {
  TableName: 'Tickets',
  KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
  AttributeDefinitions: [
    { AttributeName: 'id', AttributeType: 'S' },
    { AttributeName: 'status', AttributeType: 'S' },
  ],
  GlobalSecondaryIndexes: [{ IndexName: 'byStatus', KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }] }],
};

/** A GSI keyed by two partition attributes and two sort attributes. */
export const EVENTS: PartiqlTableDescription = {
  TableName: 'Events',
  KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
  AttributeDefinitions: [
    { AttributeName: 'id', AttributeType: 'S' },
    { AttributeName: 'tenant', AttributeType: 'S' },
    { AttributeName: 'region', AttributeType: 'S' },
    { AttributeName: 'day', AttributeType: 'S' },
    { AttributeName: 'seq', AttributeType: 'N' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'byTenant',
      KeySchema: [
        { AttributeName: 'tenant', KeyType: 'HASH' },
        { AttributeName: 'region', KeyType: 'HASH' },
        { AttributeName: 'day', KeyType: 'RANGE' },
        { AttributeName: 'seq', KeyType: 'RANGE' },
      ],
    },
  ],
};
