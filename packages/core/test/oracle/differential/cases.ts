/** Arbitraries of whole cases (item + rendered expression) for each expression kind. */
import fc from 'fast-check';
import { Placeholders, renderCondition, renderProjection, renderUpdate } from './render.js';
import type { ExpressionCase } from './runners.js';
import { conditionSpec, projectionSpec, updateSpec } from './specs.js';
import { itemBody } from './values.js';

const maybeItem = fc.option(itemBody, { freq: 6, nil: undefined });

export const conditionCase: fc.Arbitrary<ExpressionCase> = fc
  .record({ item: maybeItem, spec: conditionSpec, upper: fc.boolean() })
  .map(({ item, spec, upper }) => {
    const p = new Placeholders();
    const text = renderCondition(spec, p, upper);
    return { item, expression: { text, names: p.names, values: p.values } };
  });

export const filterCase: fc.Arbitrary<ExpressionCase> = conditionCase.map((c) => ({ ...c, item: c.item ?? {} }));

export const updateCase = (allowRepeats = false): fc.Arbitrary<ExpressionCase> =>
  fc.record({ item: itemBody, spec: updateSpec(allowRepeats), upper: fc.boolean() }).map(({ item, spec, upper }) => {
    const p = new Placeholders();
    const text = renderUpdate(spec, p, upper);
    return { item, expression: { text, names: p.names, values: p.values } };
  });

export const projectionCase: fc.Arbitrary<ExpressionCase> = fc
  .record({ item: itemBody, spec: projectionSpec })
  .map(({ item, spec }) => {
    const p = new Placeholders();
    const text = renderProjection(spec, p);
    return { item, expression: { text, names: p.names, values: p.values } };
  });
