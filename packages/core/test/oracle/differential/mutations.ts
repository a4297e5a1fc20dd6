/**
 * Breaks valid expressions the way people do: a dropped or swapped token, an
 * unused or undefined placeholder, a reserved word left unaliased, a section
 * written twice, an empty expression. DynamoDB must reject (or accept) each
 * exactly as core does.
 */
import fc from 'fast-check';
import type { Rendered } from './render.js';
import type { ExpressionCase } from './runners.js';

const TOKEN = /#[A-Za-z0-9_]+|:[A-Za-z0-9_]+|[A-Za-z_][A-Za-z0-9_]*|<>|<=|>=|\d+|\s+|./gu;

type Mutation =
  | 'drop'
  | 'swap'
  | 'unused-value'
  | 'unused-name'
  | 'undefined-value'
  | 'undefined-name'
  | 'unalias'
  | 'duplicate-section'
  | 'empty';

const MUTATIONS: Mutation[] = ['drop', 'swap', 'unused-value', 'unused-name', 'undefined-value', 'undefined-name', 'unalias', 'duplicate-section', 'empty'];

function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Indexes of the tokens that are not whitespace. */
function solid(list: string[]): number[] {
  return list.flatMap((token, index) => (/^\s+$/.test(token) ? [] : [index]));
}

const pick = <T>(list: T[], at: number): T | undefined => (list.length === 0 ? undefined : list[at % list.length]);

function withoutUnreferenced(names: Record<string, string>, text: string): Record<string, string> {
  const used = new Set(tokens(text));
  return Object.fromEntries(Object.entries(names).filter(([placeholder]) => used.has(placeholder)));
}

const UPDATE_KEYWORD = /\b(SET|REMOVE|ADD|DELETE)\b/giu;

/** Applies one mutation; `at` chooses the position. Returns the expression unchanged when the mutation does not apply. */
function mutate(expression: Rendered, mutation: Mutation, at: number): Rendered {
  const list = tokens(expression.text);
  const { names, values } = expression;
  switch (mutation) {
    case 'drop': {
      const index = pick(solid(list), at);
      if (index === undefined) return expression;
      return { ...expression, text: list.filter((_, i) => i !== index).join('') };
    }
    case 'swap': {
      const positions = solid(list);
      if (positions.length < 2) return expression;
      const k = at % (positions.length - 1);
      const copy = [...list];
      const [i, j] = [positions[k]!, positions[k + 1]!];
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      return { ...expression, text: copy.join('') };
    }
    case 'unused-value':
      return { ...expression, values: { ...values, ':unused': { S: 'x' } } };
    case 'unused-name':
      return { ...expression, names: { ...names, '#unused': 'x' } };
    case 'undefined-value':
    case 'undefined-name': {
      const sigil = mutation === 'undefined-value' ? ':' : '#';
      const index = pick(list.flatMap((token, i) => (token.startsWith(sigil) && token.length > 1 ? [i] : [])), at);
      if (index === undefined) return expression;
      const copy = [...list];
      copy[index] = `${sigil}missing`;
      return { ...expression, text: copy.join('') };
    }
    case 'unalias': {
      const index = pick(list.flatMap((token, i) => (token.startsWith('#') && names[token] !== undefined ? [i] : [])), at);
      if (index === undefined) return expression;
      const copy = [...list];
      copy[index] = names[list[index]!]!;
      const text = copy.join('');
      return { ...expression, text, names: withoutUnreferenced(names, text) };
    }
    case 'duplicate-section': {
      const starts = [...expression.text.matchAll(UPDATE_KEYWORD)].map((match) => match.index);
      if (starts.length === 0) return expression;
      const first = expression.text.slice(starts[0], starts[1] ?? expression.text.length).trim();
      return { ...expression, text: `${expression.text} ${first}` };
    }
    case 'empty':
      return { ...expression, text: at % 2 === 0 ? '' : '   ' };
  }
}

/** Cases from `base` with one mutation applied. */
export function mutatedCase(base: fc.Arbitrary<ExpressionCase>): fc.Arbitrary<ExpressionCase> {
  return fc
    .record({ c: base, mutation: fc.constantFrom(...MUTATIONS), at: fc.nat({ max: 1000 }) })
    .map(({ c, mutation, at }) => ({ ...c, expression: mutate(c.expression, mutation, at) }));
}
