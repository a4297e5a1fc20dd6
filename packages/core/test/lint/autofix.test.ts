/**
 * Each rule's fix as model edits: the exact edits a broken variant gets, and
 * that applying them (to the model, and to the file's text) makes the finding
 * go away. Rules whose fix needs a person carry no edits.
 */
import { describe, expect, it } from 'vitest';
import { lintModel } from '../../src/lint/index.js';
import type { LintFinding } from '../../src/lint/index.js';
import { applyModelEdits, applyModelEditsToText, parseModel } from '../../src/model/index.js';
import type { ModelEdit } from '../../src/model/index.js';
import type { Model } from '../../src/model/types.js';
import { exampleText, type ExampleName } from './variants.js';

interface FixCase {
  readonly rule: string;
  readonly example: ExampleName;
  readonly edits: readonly (readonly [string, string])[];
  readonly label: string;
  readonly expected: readonly ModelEdit[];
}

const RATING = 'rating: { type: number, integer: true, min: 0, max: 99999, mutable: true }';
const AUDIT_SK = 'SK: EVT#{at:iso}#{eventId}';
const AUDIT_EVENT_ID = 'eventId: { type: string, minLength: 6, maxLength: 6 }';
const key = (entity: string, keyAttribute: string, value: string): ModelEdit => ({ op: 'set', path: ['entities', entity, 'keys', keyAttribute], value });

const CASES: FixCase[] = [
  {
    rule: 'unordered-sort-key',
    example: 'audit-log',
    edits: [[AUDIT_EVENT_ID, 'eventId: uuid'], [AUDIT_SK, 'SK: EVT#{eventId}']],
    label: 'Use SK: EVT#{at:iso}#{eventId}',
    expected: [key('Event', 'SK', 'EVT#{at:iso}#{eventId}')],
  },
  {
    rule: 'non-sortable-date',
    example: 'audit-log',
    edits: [['at: timestamp', 'at: { type: timestamp, format: M/D/YYYY, examples: [6/23/2026] }'], [AUDIT_SK, 'SK: EVT#{at}#{eventId}']],
    label: 'Store ISO-8601, use {at:iso}',
    expected: [
      key('Event', 'SK', 'EVT#{at:iso}#{eventId}'),
      { op: 'remove', path: ['entities', 'Event', 'attributes', 'at', 'format'] },
      { op: 'remove', path: ['entities', 'Event', 'attributes', 'at', 'examples'] },
    ],
  },
  {
    rule: 'non-sortable-date',
    example: 'audit-log',
    edits: [['at: timestamp', 'at: { type: timestamp, format: epoch-millis }'], [AUDIT_SK, 'SK: EVT#{at}#{eventId}']],
    label: 'Use {at:013}',
    expected: [key('Event', 'SK', 'EVT#{at:013}#{eventId}')],
  },
  {
    rule: 'unpadded-number-in-key',
    example: 'leaderboard',
    edits: [['RATING#{rating:05}', 'RATING#{rating}#{playerId}']],
    label: 'Use {rating:05}',
    expected: [key('Player', 'GSI1SK', 'RATING#{rating:05}#{playerId}')],
  },
  {
    rule: 'number-padding-too-narrow',
    example: 'leaderboard',
    edits: [['RATING#{rating:05}', 'RATING#{rating:03}']],
    label: 'Use {rating:05}',
    expected: [key('Player', 'GSI1SK', 'RATING#{rating:05}')],
  },
  {
    rule: 'naive-negative-padding',
    example: 'leaderboard',
    edits: [[RATING, 'rating: { type: number, format: string, integer: true, min: -500, max: 99999, mutable: true, examples: ["-005"] }'], ['RATING#{rating:05}', 'RATING#{rating}']],
    label: 'Store as a number, use {rating:05}',
    expected: [
      { op: 'remove', path: ['entities', 'Player', 'attributes', 'rating', 'format'] },
      { op: 'remove', path: ['entities', 'Player', 'attributes', 'rating', 'examples'] },
      key('Player', 'GSI1SK', 'RATING#{rating:05}'),
    ],
  },
  {
    rule: 'number-stored-as-string',
    example: 'leaderboard',
    edits: [[RATING, 'rating: { type: number, format: string, integer: true, min: 0, max: 99999, mutable: true }']],
    label: 'Store as a number',
    expected: [{ op: 'remove', path: ['entities', 'Player', 'attributes', 'rating', 'format'] }],
  },
  {
    rule: 'mutable-base-key',
    example: 'ticket-desk',
    edits: [['PK: TICKET#{ticketId}\n      SK: TICKET', 'PK: TEAM#{teamId}\n      SK: STATUS#{status}#TICKET#{ticketId}']],
    label: 'Key Ticket by ticketId, move its key to GSI3',
    expected: [
      { op: 'set', path: ['tables', 'TicketDesk', 'globalSecondaryIndexes', 'GSI3'], value: { partitionKey: { name: 'GSI3PK', type: 'S' }, sortKey: { name: 'GSI3SK', type: 'S' }, projection: 'ALL' } },
      key('Ticket', 'GSI3PK', 'TEAM#{teamId}'),
      key('Ticket', 'GSI3SK', 'STATUS#{status}#TICKET#{ticketId}'),
      key('Ticket', 'PK', 'TICKET#{ticketId}'),
      key('Ticket', 'SK', 'TICKET'),
    ],
  },
  {
    rule: 'stale-index-key',
    example: 'ticket-desk',
    edits: [['GSI1SK: STATUS#{status}#TICKET#{ticketId}', 'GSI1SK: STATUS#{status}#PRIORITY#{priority:01}']],
    label: 'Make changeStatus update priority too',
    expected: [{ op: 'set', path: ['writePaths', 'changeStatus', 'attributes'], value: ['status', 'priority'] }],
  },
  {
    rule: 'unused-index',
    example: 'leaderboard',
    edits: [['  - name: findPlayerByHandle\n    question: find player by handle\n    rate: 40\n', '']],
    label: 'Remove GSI2',
    expected: [
      { op: 'remove', path: ['tables', 'Leaderboard', 'globalSecondaryIndexes', 'GSI2'] },
      { op: 'remove', path: ['entities', 'Player', 'keys', 'GSI2PK'] },
      { op: 'remove', path: ['entities', 'Player', 'keys', 'GSI2SK'] },
    ],
  },
  {
    rule: 'consistent-read-on-gsi',
    example: 'leaderboard',
    edits: [['    rate: 50\n', '    rate: 50\n    consistentRead: true\n']],
    label: 'Drop consistentRead',
    expected: [{ op: 'remove', path: ['accessPatterns', 'topPlayersOfSeason', 'consistentRead'] }],
  },
  {
    rule: 'sort-key-collision',
    example: 'audit-log',
    edits: [[AUDIT_SK, 'SK: EVT#{at:iso}']],
    label: 'Append #{eventId}',
    expected: [key('Event', 'SK', 'EVT#{at:iso}#{eventId}')],
  },
];

function firstFinding(model: Model, rule: string): LintFinding {
  const found = lintModel(model, { rules: [rule] })[0];
  expect(found, `${rule} is reported`).toBeDefined();
  return found!;
}

/** The same finding (rule and place) is still reported. */
const stillReported = (model: Model, finding: LintFinding) =>
  lintModel(model, { rules: [finding.rule] }).some((each) => JSON.stringify(each.location) === JSON.stringify(finding.location));

describe('lint fixes as model edits', () => {
  it.each(CASES.map((each) => [`${each.rule}: ${each.label}`, each] as const))('%s', (_, each) => {
    const text = exampleText(each.example, each.edits);
    const model = parseModel(text, `${each.example}.yaml`);
    const finding = firstFinding(model, each.rule);
    expect(finding.autofix?.label).toBe(each.label);
    expect(finding.autofix?.edits).toEqual(each.expected);

    // Applied to the model (the web) and to the file (the CLI): the finding is gone, and both agree.
    const onModel = applyModelEdits(model, each.expected, `${each.example}.yaml`);
    expect(stillReported(onModel, finding)).toBe(false);
    const onText = parseModel(applyModelEditsToText(text, each.expected, `${each.example}.yaml`), `${each.example}.yaml`);
    expect(onText).toEqual(onModel);
    // The edits are data: they survive JSON (the API carries them to the browser).
    expect(JSON.parse(JSON.stringify(finding.autofix))).toEqual(finding.autofix);
  });

  it('offers no edits where the fix needs a person', () => {
    const cases: [string, Model][] = [
      ['scan-required', parseModel(exampleText('ticket-desk', [['accessPatterns:\n', 'accessPatterns:\n  - { name: ticketsByTitle, question: list tickets by title }\n']]))],
      ['hot-partition', parseModel(exampleText('audit-log', [['kind: create, rate: 200', 'kind: create, rate: 5000']]))],
      ['reserved-attribute-name', parseModel(exampleText('ticket-desk'))],
      ['pattern-not-understood', parseModel(exampleText('ticket-desk', [['question: get ticket by id', 'question: frobnicate the widgets']]))],
    ];
    for (const [rule, model] of cases) expect(firstFinding(model, rule).autofix, rule).toBeUndefined();
  });

  it('gives no order fix when the wanted attribute has no sortable form', () => {
    const model = parseModel(exampleText('audit-log', [[AUDIT_EVENT_ID, 'eventId: uuid'], [AUDIT_SK, 'SK: EVT#{eventId}'], ['at: timestamp', 'at: { type: timestamp, format: M/D/YYYY }']]));
    expect(firstFinding(model, 'unordered-sort-key').autofix).toBeUndefined();
  });
});
