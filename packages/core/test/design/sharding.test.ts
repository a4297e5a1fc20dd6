import { describe, expect, it } from 'vitest';
import { designModel, entityKeyValues, parseModel, planAccessPattern } from '@dynotable/core';
import { pkSkModelHead } from '../support/model-yaml.js';

function telemetry(rate: number) {
  return parseModel(`
${pkSkModelHead('telemetry', 'Telemetry')}  Reading:
    table: Telemetry
    attributes:
      readingId: { type: string, minLength: 8, maxLength: 8 }
      deviceId: { type: string, maxLength: 20 }
      at: timestamp
      value: { type: number, min: 0, max: 1000, integer: true }
accessPatterns:
  - name: deviceReadings
    question: list readings of a device, newest first
    rate: 5
writePaths:
  - { name: record, entity: Reading, kind: create, rate: ${rate} }
`);
}

describe('write sharding', () => {
  it('shards a partition whose declared write rate exceeds 1,000 WCU, and plans a query per shard', () => {
    const result = designModel(telemetry(4500));
    const entity = result.model.entities[0]!;
    expect(entity.keys['PK']).toBe('DEVICE#{deviceId}#{shard}');
    expect(entity.attributes.find((a) => a.name === 'shard')).toMatchObject({ type: 'number', min: 0, max: 4 });
    const decision = result.decisions.find((d) => d.subject.includes('sharding'))!;
    expect(decision.decision).toContain('5 shards');
    expect(decision.why).toContain('4500 WCU');
    const plan = planAccessPattern(result.model, result.model.accessPatterns[0]!);
    expect(plan.parameters).toEqual(['deviceId', 'shard']);
    expect(plan.why).toContain('once per shard');
    expect(entityKeyValues(result.model, 'Reading', { readingId: 'r0000001', deviceId: 'd1', at: '2026-06-23T00:00:00Z', shard: 3 })['PK']).toBe('DEVICE#d1#3');
  });

  it('leaves a partition alone at a rate one partition can take', () => {
    const result = designModel(telemetry(900));
    expect(result.model.entities[0]!.keys['PK']).toBe('DEVICE#{deviceId}');
    expect(result.decisions.some((d) => d.subject.includes('sharding'))).toBe(false);
  });
});
