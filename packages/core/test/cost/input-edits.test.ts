import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptAssumptionsEdits, applyModelEditsToText, costInputEdits, costModel, parseModel, readCostInput, serializeModel } from '@dynotable/core';

const DESK = `# Help desk model: volumes still guessed.
name: desk
tables:
  Desk:
    partitionKey: PK
    sortKey: SK
entities:
  Ticket:
    count: 100000      # assumed for now
    assumed: [count]
    attributes:
      ticketId: string
      status: { type: enum, values: [open, closed], mutable: true }
    keys: { PK: "TICKET#{ticketId}", SK: TICKET }
accessPatterns:
  # the busiest read
  - name: getTicket
    question: get ticket by id
    rate: 10
    expectedItems: 1
    assumed: [rate, expectedItems]
writePaths:
  - { name: openTicket, entity: Ticket, kind: create, rate: 1, assumed: [rate] } # one a second
`;

describe('a person setting a cost input', () => {
  const model = parseModel(DESK);

  it('writes the rate, takes it off the assumed list and keeps the other assumptions, comments and order', () => {
    const text = applyModelEditsToText(DESK, costInputEdits(model, { kind: 'pattern', name: 'getTicket', field: 'rate' }, 25));
    const after = parseModel(text);
    expect(after.accessPatterns[0]!.rate).toBe(25);
    expect(after.accessPatterns[0]!.assumed).toEqual(['expectedItems']);
    expect(after.entities[0]!.assumed).toEqual(['count']);
    expect(text).toContain('# Help desk model: volumes still guessed.');
    expect(text).toContain('  # the busiest read');
    expect(text).toContain('    count: 100000      # assumed for now');
    // Only the two changed lines differ.
    const before = DESK.split('\n');
    const changed = text.split('\n').filter((line, index) => line !== before[index]);
    expect(changed).toEqual(['    rate: 25', '    assumed: [ expectedItems ]']);
  });

  it('removes the assumed list when its last field is set, and costs the new figure', () => {
    const text = applyModelEditsToText(DESK, costInputEdits(model, { kind: 'writePath', name: 'openTicket', field: 'rate' }, 4));
    const after = parseModel(text);
    expect(after.writePaths[0]).not.toHaveProperty('assumed');
    expect(text).toContain('# one a second');
    const cost = costModel(after).writePaths[0]!;
    expect(cost.rate).toBe(4);
    expect(cost.assumed).toEqual([]);
    expect(cost.monthly!.onDemand).toBeCloseTo(costModel(model).writePaths[0]!.monthly!.onDemand * 4, 9);
  });

  it('sets an item size on an entity that had none, and clears a value with undefined', () => {
    const sized = applyModelEditsToText(DESK, costInputEdits(model, { kind: 'entity', name: 'Ticket', field: 'averageItemBytes' }, 900));
    expect(parseModel(sized).entities[0]!.averageItemBytes).toBe(900);
    expect(parseModel(sized).entities[0]!.assumed).toEqual(['count']);
    const cleared = applyModelEditsToText(DESK, costInputEdits(model, { kind: 'entity', name: 'Ticket', field: 'count' }, undefined));
    const entity = parseModel(cleared).entities[0]!;
    expect(entity.count).toBeUndefined();
    expect(entity.assumed).toBeUndefined();
  });

  it('edits a JSON model file as JSON', () => {
    const json = serializeModel(model, 'json');
    const text = applyModelEditsToText(json, costInputEdits(model, { kind: 'entity', name: 'Ticket', field: 'count' }, 2_500_000), 'desk.json');
    expect(JSON.parse(text).entities.Ticket).toMatchObject({ count: 2_500_000 });
    expect(JSON.parse(text).entities.Ticket).not.toHaveProperty('assumed');
  });

  it('keeps every assumed value as a person’s figure on request', () => {
    const kept = parseModel(applyModelEditsToText(DESK, acceptAssumptionsEdits(model)));
    expect([...kept.entities, ...kept.accessPatterns, ...kept.writePaths].every((each) => each.assumed === undefined)).toBe(true);
    expect(kept.accessPatterns[0]!.rate).toBe(10);
    expect(costModel(kept).assumedFigures).toBe(0);
  });
});

describe('reading a typed cost input', () => {
  it('reads rates, counts and sizes, with thousands separators; empty clears', () => {
    expect(readCostInput('rate', '12.5')).toEqual({ ok: true, value: 12.5 });
    expect(readCostInput('rate', ' 0 ')).toEqual({ ok: true, value: 0 });
    expect(readCostInput('count', '2,500,000')).toEqual({ ok: true, value: 2_500_000 });
    expect(readCostInput('count', '1_000')).toEqual({ ok: true, value: 1000 });
    expect(readCostInput('averageItemBytes', '409600')).toEqual({ ok: true, value: 409_600 });
    expect(readCostInput('expectedItems', '')).toEqual({ ok: true, value: undefined });
  });

  it('refuses what the field cannot hold, saying what to enter', () => {
    expect(readCostInput('rate', '-1')).toEqual({ ok: false, message: 'Enter calls per second, 0 or more, such as 25 or 0.5' });
    expect(readCostInput('rate', 'fast')).toMatchObject({ ok: false });
    expect(readCostInput('count', '1.5')).toEqual({ ok: false, message: 'Enter a whole number of items, 0 or more, such as 100000' });
    expect(readCostInput('averageItemBytes', '0')).toMatchObject({ ok: false, message: expect.stringContaining('from 1 to 409600') });
    expect(readCostInput('averageItemBytes', '409601')).toMatchObject({ ok: false });
    expect(readCostInput('rate', 'Infinity')).toMatchObject({ ok: false });
    expect(readCostInput('rate', '1,,0')).toMatchObject({ ok: false });
  });

  it('reads back any non-negative number as it is written', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (value) => {
        expect(readCostInput('rate', String(value))).toEqual({ ok: true, value: value + 0 });
      }),
    );
  });
});
