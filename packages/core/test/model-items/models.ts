/** Models the item tests read: the three examples, and small ones for the edge cases the examples lack. */
import { readFileSync } from 'node:fs';
import { parseModel, type Model } from '@dynotable/core';

export function exampleModel(name: 'leaderboard' | 'audit-log' | 'ticket-desk'): Model {
  return parseModel(readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8'), `${name}.yaml`);
}

/**
 * A shop: a number-typed index sort key, a decimal and a millisecond timestamp
 * in one template, a sparse index with two conditions (one a boolean), and a
 * Note entity whose sort key is a bare field, so it also parses a Product's keys.
 */
const SHOP_YAML = `
name: shop
tables:
  Shop:
    partitionKey: { name: PK, type: S }
    sortKey: { name: SK, type: S }
    globalSecondaryIndexes:
      ByPrice:
        partitionKey: { name: GSI1PK, type: S }
        sortKey: { name: Price, type: N }
      Featured:
        partitionKey: { name: GSI2PK, type: S }
        sortKey: { name: GSI2SK, type: S }
entities:
  Product:
    table: Shop
    attributes:
      productId: string
      category: string
      price: number
      weight: { type: number, integer: true, min: -9999, max: 9999 }
      featured: boolean
      kind: { type: enum, values: [book, toy] }
      addedAt: timestamp
    keys:
      PK: PRODUCT#{productId}
      SK: DETAILS
      GSI1PK: CATEGORY#{category}
      Price: "{price}"
      GSI2PK: FEATURED#{kind}
      GSI2SK: WEIGHT#{weight:d4.2}#ADDED#{addedAt:iso-ms}
    keysWhen:
      GSI2PK: { featured: "true", kind: book }
      GSI2SK: { featured: "true", kind: book }
  Note:
    table: Shop
    attributes:
      productId: string
      noteId: string
      text: string
    keys:
      PK: PRODUCT#{productId}
      SK: "{noteId}"
`;

/** Two entities whose base key templates have the same literal text: the first declared wins. */
const TWINS_YAML = `
name: twins
tables:
  Twins:
    partitionKey: { name: PK, type: S }
    sortKey: { name: SK, type: S }
entities:
  Left:
    table: Twins
    attributes:
      groupId: string
      leftId: string
    keys:
      PK: GROUP#{groupId}
      SK: "{leftId}"
  Right:
    table: Twins
    attributes:
      groupId: string
      rightId: string
    keys:
      PK: GROUP#{groupId}
      SK: "{rightId}"
`;

/** A table with a number partition key and no sort key, and a number-typed index partition key. */
const COUNTERS_YAML = `
name: counters
tables:
  Counters:
    partitionKey: { name: id, type: N }
    globalSecondaryIndexes:
      ByOwner:
        partitionKey: { name: ownerKey, type: N }
        projection: KEYS_ONLY
entities:
  Counter:
    table: Counters
    attributes:
      counterId: { type: number, integer: true }
      owner: { type: number, integer: true }
      total: number
    keys:
      id: "{counterId}"
      ownerKey: "{owner}"
`;

/** A GSI with a multi-attribute key: two partition and two sort attributes, a number of each role among them. */
const FLEET_YAML = `
name: fleet
tables:
  Fleet:
    partitionKey: { name: PK, type: S }
    sortKey: { name: SK, type: S }
    globalSecondaryIndexes:
      ByRegion:
        partitionKey: [{ name: tenant, type: S }, { name: region, type: N }]
        sortKey: [{ name: day, type: S }, { name: seq, type: N }]
entities:
  Trip:
    table: Fleet
    attributes:
      tripId: string
      tenantId: string
      regionCode: { type: number, integer: true }
      startedAt: timestamp
      sequence: { type: number, integer: true }
    keys:
      PK: TRIP#{tripId}
      SK: TRIP
      tenant: T#{tenantId}
      region: "{regionCode}"
      day: "{startedAt:iso}"
      seq: "{sequence}"
`;

export const shopModel = (): Model => parseModel(SHOP_YAML, 'shop.yaml');
export const twinsModel = (): Model => parseModel(TWINS_YAML, 'twins.yaml');
export const countersModel = (): Model => parseModel(COUNTERS_YAML, 'counters.yaml');
export const fleetModel = (): Model => parseModel(FLEET_YAML, 'fleet.yaml');
