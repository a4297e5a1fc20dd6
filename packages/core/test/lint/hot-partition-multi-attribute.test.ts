/**
 * The hot-partition rule on a GSI with a multi-attribute partition key: the
 * partition is every partition attribute together, so an item id in any of
 * them spreads the calls, and the finding names them all.
 */
import { describe, expect, it } from 'vitest';
import { lintModel } from '../../src/lint/index.js';
import { example } from './variants.js';

/** Ticket desk's GSI1 keyed by [teamId, <second>] / [createdAt]; its list pattern read and its tickets opened at 5,000 calls/s. */
function desk(second: string) {
  return example('ticket-desk', [
    ['partitionKey: { name: GSI1PK, type: S }\n        sortKey: { name: GSI1SK, type: S }', `partitionKey: [teamId, ${second}]\n        sortKey: [createdAt]`],
    ['GSI1PK: TEAM#{teamId}\n      GSI1SK: STATUS#{status}#TICKET#{ticketId}', `teamId: "{teamId}"\n      ${second}: "{${second}}"\n      createdAt: "{createdAt:iso}"`],
    ['question: list tickets by team, by status\n    rate: 20', `question: list tickets by team and ${second}, oldest first\n    rate: 5000`],
    ['name: openTicket, entity: Ticket, kind: create, rate: 5 }', 'name: openTicket, entity: Ticket, kind: create, rate: 5000 }'],
  ]);
}

const onGsi1 = (second: string) => lintModel(desk(second), { rules: ['hot-partition'] }).filter((finding) => finding.location.index === 'GSI1');

describe('hot-partition on a multi-attribute partition key', () => {
  it('finds one team and status hot for reads and writes, naming both partition attributes', () => {
    const findings = onGsi1('status');
    expect(findings.map((finding) => finding.subject).sort()).toEqual(['pattern listTeamTicketsByStatus', 'write path openTicket']);
    for (const finding of findings) {
      expect(finding.message).toContain('on one teamId + status value ({teamId}, {status}) of GSI1');
      expect(finding.location.keyAttribute).toBe('teamId');
      // Two of four partition attributes used: room for a shard attribute.
      expect(finding.fix).toContain('one more partition key attribute after teamId + status');
    }
  });

  it('spreads the calls when the second partition attribute is the ticket id', () => {
    // The first attribute alone (the team) would be hot; with the ticket id the partitions are the tickets.
    expect(onGsi1('ticketId')).toEqual([]);
  });
});
