import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costModel, estimateEntitySize, itemReadUnits, projectedSize, STORAGE_OVERHEAD_BYTES, UNDECLARED_ATTRIBUTES } from '@dynotable/core';
import type { Model } from '@dynotable/core';
import { attribute, entity, fixedPlans, model, table } from './fixtures.js';

/** A ticket on a table with an ALL index and a KEYS_ONLY index, at the declared average size (or none). */
function tickets(averageItemBytes?: number): Model {
  return model({
    tables: [
      table({
        globalSecondaryIndexes: [
          { name: 'All', partitionKey: { name: 'GSI1PK', type: 'S' }, partitionKeys: [{ name: 'GSI1PK', type: 'S' }], sortKeys: [], projection: { type: 'ALL' } },
          { name: 'Keys', partitionKey: { name: 'GSI2PK', type: 'S' }, partitionKeys: [{ name: 'GSI2PK', type: 'S' }], sortKeys: [], projection: { type: 'KEYS_ONLY' } },
        ],
      }),
    ],
    entities: [
      entity({
        name: 'Ticket',
        count: 1000,
        attributes: [attribute('ticketId', 'string', { minLength: 8, maxLength: 8 }), attribute('team', 'string', { minLength: 4, maxLength: 4 })],
        keys: { PK: 'T#{ticketId}', SK: 'T', GSI1PK: 'TEAM#{team}', GSI2PK: 'ID#{ticketId}' },
        ...(averageItemBytes === undefined ? {} : { averageItemBytes }),
      }),
    ],
    accessPatterns: [{ name: 'getTicket', question: 'get ticket by id', rate: 1 }],
  });
}

const plans = fixedPlans({ getTicket: { entity: 'Ticket', operation: 'GetItem', table: 'Main' } });

describe("an entity's declared average item size", () => {
  const estimated = estimateEntitySize(tickets(), 'Ticket').bytes;

  it('brings the item up to the declared size with one undeclared attribute, in ALL projections only', () => {
    fc.assert(
      fc.property(fc.integer({ min: estimated + 40, max: 400_000 }), (declared) => {
        const sized = tickets(declared);
        const estimate = estimateEntitySize(sized, 'Ticket');
        expect(estimate.bytes).toBe(declared);
        expect(estimate.attributes.map((row) => row.name)).toContain(UNDECLARED_ATTRIBUTES);
        expect(projectedSize(sized, 'Ticket', 'All')).toBe(declared);
        expect(projectedSize(sized, 'Ticket', 'Keys')).toBe(projectedSize(tickets(), 'Ticket', 'Keys'));
      }),
      { numRuns: 50 },
    );
  });

  it('prices reads, writes and storage at the declared size', () => {
    const report = costModel(tickets(9000), undefined, { plan: plans });
    expect(report.patterns[0]!.units).toBe(itemReadUnits(9000, 'eventual'));
    const storage = report.storage.entities[0]!;
    expect(storage.itemBytes).toBe(9000 + STORAGE_OVERHEAD_BYTES);
    expect(storage.declaredItemBytes).toBe(9000);
    expect(storage.estimatedItemBytes).toBe(estimated);
    expect(storage.indexes.find((row) => row.index === 'All')!.entryBytes).toBe(9000 + STORAGE_OVERHEAD_BYTES);
  });

  it('keeps the estimate, and says so, when the declared size is below what the keys and attributes take', () => {
    const report = costModel(tickets(10), undefined, { plan: plans });
    expect(report.storage.entities[0]!.itemBytes).toBe(estimated + STORAGE_OVERHEAD_BYTES);
    expect(report.assumptions).toContain(`Ticket declares averageItemBytes 10, less than the ${estimated} bytes its keys and attributes take: ${estimated} is used.`);
  });
});
