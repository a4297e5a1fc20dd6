/** The designer proposes a multi-attribute GSI key where a concatenated one would go stale, and plans Queries on it. */
import { describe, expect, it } from 'vitest';
import { describePlanLine, designModel, lintModel, normalizeModel, renderDesign, requestForPlan } from '@dynotable/core';
import type { Model, WritePathSpec } from '@dynotable/core';
import { loadExample, meaning, stripKeys } from './fixtures.js';

const BY_STATUS_AND_PRIORITY = meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId', 'status'], orderBy: 'priority' });

/** The ticket desk without keys, asked for a team's tickets of one status by priority, with the given write paths. */
function desk(writePaths: readonly WritePathSpec[]): Model {
  const model = stripKeys(loadExample('ticket-desk'));
  return {
    ...model,
    accessPatterns: [{ name: 'listByStatusAndPriority', question: 'list tickets by team and status, by priority' }],
    writePaths,
    entities: model.entities.map((entity) => ({ ...entity, attributes: entity.attributes.map((a) => (a.name === 'priority' ? { ...a, mutable: false } : a)) })),
  };
}

const change = (name: string, attributes: string[]): WritePathSpec => ({ name, entity: 'Ticket', kind: 'update', attributes });

describe('designModel with a multi-attribute GSI key', () => {
  it('keys the index by [teamId] / [status, priority, ticketId] when status and priority change through different writes', () => {
    const result = designModel(desk([change('changeStatus', ['status']), change('changePriority', ['priority'])]), { meanings: { listByStatusAndPriority: BY_STATUS_AND_PRIORITY } });
    expect(result.problems).toEqual([]);
    const gsi = result.model.tables[0]!.globalSecondaryIndexes[0]!;
    expect(gsi.partitionKeys).toEqual([{ name: 'teamId', type: 'S' }]);
    expect(gsi.sortKeys).toEqual([
      { name: 'status', type: 'S' },
      { name: 'priority', type: 'N' },
      { name: 'ticketId', type: 'S' },
    ]);
    // A valid model that the linter finds no stale key in.
    expect(normalizeModel(JSON.parse(JSON.stringify(result.model)))).toEqual(result.model);
    expect(lintModel(result.model, { rules: ['stale-index-key', 'concatenated-index-key'] })).toEqual([]);
    const ticket = result.model.entities[0]!;
    expect(ticket.keys).toMatchObject({ teamId: '{teamId}', status: '{status}', priority: '{priority}', ticketId: '{ticketId}' });
    const why = result.decisions.find((decision) => decision.subject === `index ${gsi.name}`)!.why;
    expect(why).toMatch(/changeStatus changes status but not priority/);
    expect(why).toMatch(/cannot go stale/);
    expect(why).toMatch(/numbers sort as numbers/);
    expect(why).toMatch(/begins_with over a prefix spanning several parts/);
    expect(why).toMatch(/equality on leading sort attributes plus one range condition on the last one used/);

    expect(renderDesign(result)).toContain(`GSI ${gsi.name}: teamId / status + priority + ticketId`);
    const [plan] = result.plans;
    expect(plan).toMatchObject({ operation: 'Query', index: gsi.name, partition: { attribute: 'teamId' }, sort: { attribute: 'status', operator: 'equals' } });
    expect(describePlanLine(plan!)).toContain('where teamId = {teamId} AND status = {status}');
    const request = requestForPlan(result.model, plan!, { teamId: '7', status: 'open' });
    expect(request.params).toMatchObject({ IndexName: gsi.name });
    const values = Object.values((request.params as { ExpressionAttributeValues: Record<string, unknown> }).ExpressionAttributeValues);
    expect(values).toEqual(expect.arrayContaining([{ S: '7' }, { S: 'open' }]));
  });

  it('keeps the concatenated sort key when one write changes both parts', () => {
    const result = designModel(desk([change('triage', ['status', 'priority'])]), { meanings: { listByStatusAndPriority: BY_STATUS_AND_PRIORITY } });
    const gsi = result.model.tables[0]!.globalSecondaryIndexes[0]!;
    expect(gsi.partitionKeys).toEqual([{ name: 'GSI1PK', type: 'S' }]);
    expect(result.model.entities[0]!.keys['GSI1SK']).toMatch(/^STATUS#\{status\}#PRIORITY#\{priority:0\d\}#TICKET#\{ticketId\}$/);
  });
});
