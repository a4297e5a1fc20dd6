/**
 * The ticket desk's example data: tickets 8001 to 9200 across forty teams,
 * team 7 the busiest, and ticket 8842 of team 7 open — in GSI1 under
 * STATUS#open and in the sparse GSI2 of open tickets.
 */
import { parseModel, SeededRandom, type SampleRecord } from '@dynotable/core';
import { exampleModelYaml } from './example-models.js';
import { byFrequency, pastTime, sampleRecords, seedTable, withValues, type SeedTable } from './seed-table.js';

const SCENARIO_TICKET = '8842';
const SCENARIO_TEAM = '7';
const FIRST_TICKET = 8000;

const SUBJECTS = [
  'Password reset email never arrives',
  'Invoice shows the wrong VAT rate',
  'Checkout page times out for EU customers',
  'Cannot invite a second admin',
  'CSV export cuts off after 10,000 rows',
  'Webhook retries flood our endpoint',
  'Dark mode makes charts unreadable',
  'SSO login loops back to the sign-in page',
  'Refund stuck in pending for a week',
  'Mobile app crashes when uploading a photo',
  'API returns 429 well below our quota',
  'Search does not find accented names',
  'Duplicate charge on annual renewal',
  'Report totals differ from the dashboard',
  'Two-factor codes rejected after phone change',
  'Shared folder permissions reset overnight',
];
const DETAILS = [
  'Started this morning for several users on our team.',
  'We can reproduce it every time in Chrome and Firefox.',
  'Screenshots attached; the request id is in the console log.',
  'This blocks our month-end close, please prioritise.',
  'It worked fine until the last release.',
  'Only customers in the EU region seem affected.',
  'Clearing the cache did not help.',
];

function teamNames(records: readonly SampleRecord[]): Map<string, string> {
  const names = new Map<string, string>();
  const others = Array.from({ length: 64 }, (_, i) => String(i + 1)).filter((name) => name !== SCENARIO_TEAM);
  byFrequency(records, 'teamId').forEach((generated, rank) => names.set(generated, rank === 0 ? SCENARIO_TEAM : others[rank - 1]!));
  return names;
}

function status(random: SeededRandom): string {
  const roll = random.int(0, 99);
  return roll < 30 ? 'open' : roll < 45 ? 'pending' : 'closed';
}

function body(random: SeededRandom): string {
  return random
    .shuffle(DETAILS)
    .slice(0, random.int(1, 3))
    .join(' ');
}

export function ticketDeskSeed(): SeedTable {
  const model = parseModel(exampleModelYaml('ticket-desk'), 'ticket-desk.yaml');
  const random = new SeededRandom(8842);
  const generated = sampleRecords(model, { Ticket: 1200 }, 2026)['Ticket']!;
  const teams = teamNames(generated);
  const tickets = generated.map((record) => {
    const ticketId = String(FIRST_TICKET + Number(record.values['ticketId']));
    if (ticketId === SCENARIO_TICKET) {
      return withValues(record, {
        ticketId,
        teamId: SCENARIO_TEAM,
        status: 'open',
        priority: 2,
        title: 'Checkout page times out for EU customers',
        body: 'Since the 23rd, about one checkout in ten fails with a gateway timeout. Only customers in the EU region seem affected.',
        createdAt: '2026-06-23T08:12:44Z',
      });
    }
    return withValues(record, {
      ticketId,
      teamId: teams.get(String(record.values['teamId'])),
      createdAt: pastTime(record.values['createdAt']),
      status: status(random),
      title: random.pick(SUBJECTS),
      body: body(random),
    });
  });
  return seedTable(model, { Ticket: tickets });
}
