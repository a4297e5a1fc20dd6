/** Models the pattern tests read questions against: the three examples and a small inline one. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseModel } from '@dynotable/core';
import type { Model } from '@dynotable/core';
import { pkSkModelHead } from '../support/model-yaml.js';

export function exampleModel(name: 'leaderboard' | 'audit-log' | 'ticket-desk'): Model {
  const path = fileURLToPath(new URL(`../../../../examples/${name}.yaml`, import.meta.url));
  return parseModel(readFileSync(path, 'utf8'), `${name}.yaml`);
}

/** Plurals that need the English rules, an entity with two time attributes, a boolean and two enums sharing a value. */
const SHOP_YAML = `
${pkSkModelHead('shop', 'Shop')}  Category:
    table: Shop
    attributes:
      categoryId: string
      parentId: string
      rank: { type: number, integer: true }
      updatedAt: timestamp
  Order:
    table: Shop
    attributes:
      orderId: string
      customerId: string
      status: { type: enum, values: [open, shipped, cancelled] }
      payment: { type: enum, values: [open, paid] }
      placedAt: timestamp
      shippedAt: timestamp
      total: number
      gift: boolean
  AuditEvent:
    table: Shop
    attributes:
      auditEventId: string
      actorId: string
      createdAt: timestamp
      expiresAt: timestamp
    keys:
      PK: ACTOR#{actorId}
      SK: EVT#{createdAt:iso}
  Person:
    table: Shop
    attributes:
      id: string
      email: { type: string, unique: true }
      firstName: string
      bornOn: date
`;

export function shopModel(): Model {
  return parseModel(SHOP_YAML, 'shop.yaml');
}
