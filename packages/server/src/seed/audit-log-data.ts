/**
 * The audit log's example data: a few dozen actors, the busiest being u_8814,
 * whose feed holds events on 2026-06-23 — two of them in the same second,
 * told apart by their event ids.
 */
import { parseModel, SeededRandom, type SampleRecord, type SampleValue } from '@dynotable/core';
import { exampleModelYaml } from './example-models.js';
import { byFrequency, pastTime, sampleRecords, seedTable, withValues, type SeedTable } from './seed-table.js';

const AUDIT_ACTOR = 'u_8814';
/** The scenario's two events in one second. */
const SAME_SECOND = '2026-06-23T09:14:07Z';
const RETENTION_SECONDS = 3 * 365 * 24 * 60 * 60;

const PROJECTS = ['apollo', 'billing-v2', 'onboarding', 'atlas', 'mobile-app', 'data-lake'];
const DOCUMENTS = ['q2-report.pdf', 'pricing-2026.xlsx', 'contract-acme.pdf', 'roadmap.md', 'security-review.docx'];
const FIELDS: Array<[string, string, string]> = [
  ['plan', 'team', 'business'],
  ['role', 'viewer', 'editor'],
  ['status', 'draft', 'published'],
  ['billingEmail', 'ops@example.com', 'finance@example.com'],
  ['mfa', 'off', 'on'],
];
const AGENTS = ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Firefox/127.0', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0', 'aws-sdk-js/3.600.0', 'curl/8.7.1'];

function ip(random: SeededRandom): string {
  return `203.0.113.${random.int(1, 254)}`;
}

function target(action: string, random: SeededRandom): string {
  if (action === 'login' || action === 'logout') return `session/${random.int(0x10000000, 0xffffffff).toString(16)}`;
  switch (random.int(0, 3)) {
    case 0:
      return `invoice/INV-2026-${String(random.int(1, 9999)).padStart(4, '0')}`;
    case 1:
      return `project/${random.pick(PROJECTS)}/settings`;
    case 2:
      return `document/${random.pick(DOCUMENTS)}`;
    default:
      return `user/u_${random.int(1000, 9999)}`;
  }
}

function details(action: string, random: SeededRandom): Record<string, SampleValue> {
  if (action === 'update') {
    const [field, from, to] = random.pick(FIELDS);
    return { ip: ip(random), changes: { [field]: { from, to } } };
  }
  if (action === 'login') return { ip: ip(random), userAgent: random.pick(AGENTS), mfa: random.chance(0.7) };
  return { ip: ip(random), userAgent: random.pick(AGENTS) };
}

function expiresAt(at: string): number {
  return Math.floor(Date.parse(at) / 1000) + RETENTION_SECONDS;
}

function actorNames(records: readonly SampleRecord[], random: SeededRandom): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set([AUDIT_ACTOR]);
  for (const [rank, generated] of byFrequency(records, 'actorId').entries()) {
    if (rank === 0) {
      names.set(generated, AUDIT_ACTOR);
      continue;
    }
    let name: string;
    do name = `u_${random.int(1000, 9999)}`;
    while (used.has(name));
    used.add(name);
    names.set(generated, name);
  }
  return names;
}

function scenarioEvents(): SampleRecord[] {
  const event = (at: string, eventId: string, action: string, target: string, details: Record<string, SampleValue>): SampleRecord => ({
    entity: 'Event',
    values: { actorId: AUDIT_ACTOR, at, eventId, action, target, details, expiresAt: expiresAt(at) },
  });
  return [
    event(SAME_SECOND, 'k7q2m4', 'login', 'session/9f3a61c2', { ip: '203.0.113.42', userAgent: AGENTS[0]!, mfa: true }),
    event(SAME_SECOND, 'k7q2m9', 'update', 'project/apollo/settings', { ip: '203.0.113.42', changes: { plan: { from: 'team', to: 'business' } } }),
    event('2026-06-23T00:00:00Z', 'b1x9z0', 'create', 'invoice/INV-2026-0623', { ip: '203.0.113.42', userAgent: AGENTS[2]! }),
    event('2026-06-23T17:45:30Z', 'z9y8x7', 'logout', 'session/9f3a61c2', { ip: '203.0.113.42', userAgent: AGENTS[0]! }),
  ];
}

export function auditLogSeed(): SeedTable {
  const model = parseModel(exampleModelYaml('audit-log'), 'audit-log.yaml');
  const random = new SeededRandom(8814);
  const generated = sampleRecords(model, { Event: 1500 }, 2026)['Event']!;
  const actors = actorNames(generated, random);
  const events = generated.map((record) => {
    const action = String(record.values['action']);
    const at = String(pastTime(record.values['at']));
    return withValues(record, {
      at,
      actorId: actors.get(String(record.values['actorId'])),
      target: target(action, random),
      details: record.values['details'] === undefined ? undefined : details(action, random),
      expiresAt: expiresAt(at),
    });
  });
  return seedTable(model, { Event: [...events, ...scenarioEvents()] });
}
