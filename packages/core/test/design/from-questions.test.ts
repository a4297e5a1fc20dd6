import { describe, expect, it } from 'vitest';
import { designModel, modelFromQuestions } from '@dynotable/core';

describe('designModel from questions alone', () => {
  it('puts "list tickets by team, by priority" on a GSI partitioned by team, sorted by padded priority', () => {
    const result = designModel(modelFromQuestions(['list tickets by team, by priority']));
    expect(result.mode).toBe('designed');
    expect(result.problems).toEqual([]);
    const ticket = result.model.entities.find((e) => e.name === 'Ticket')!;
    expect(ticket.keys['GSI1PK']).toBe('TEAM#{team}');
    expect(ticket.keys['GSI1SK']).toMatch(/^PRIORITY#\{priority:0\d+\}#TICKET#\{ticketId\}$/);
    expect(result.plans).toEqual([expect.objectContaining({ operation: 'Query', index: 'GSI1', parameters: ['team'] })]);
  });
});
