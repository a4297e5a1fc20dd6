/**
 * The designer against the phrasing corpus: every question designed alone
 * from nothing. At least 95% must come out right; every other one must be
 * answered with a warning; none may be read as the wrong entity. Then each
 * domain's questions together: one model, no entity nobody asked for.
 */
import { describe, expect, it } from 'vitest';
import { designFromQuestions } from '@dynotable/core';
import { acceptedEntities, corpus, judge } from './corpus.js';
import type { Verdict } from './corpus.js';

const domains = corpus();

function describeVerdict(question: string, verdict: Verdict): string {
  if (verdict.kind === 'warned') return `  warned   "${question}": ${verdict.message}`;
  if (verdict.kind === 'wrong-entity') return `  ENTITY   "${question}": read as ${verdict.got}`;
  if (verdict.kind === 'wrong') return `  WRONG    "${question}": ${verdict.reading}; ${verdict.differences.join('; ')}`;
  return '';
}

describe('the phrasing corpus', () => {
  it('has at least 80 phrasings across at least 6 domains', () => {
    expect(domains.length).toBeGreaterThanOrEqual(6);
    expect(domains.flatMap((domain) => domain.phrasings).length).toBeGreaterThanOrEqual(80);
  });

  it('designs at least 95% right, answers the rest with a warning, and reads none as the wrong entity', () => {
    const verdicts = domains.flatMap((domain) => domain.phrasings.map((phrasing) => ({ question: phrasing.q, verdict: judge(phrasing) })));
    const count = (kind: Verdict['kind']) => verdicts.filter(({ verdict }) => verdict.kind === kind).length;
    const total = verdicts.length;
    const right = count('right');
    const percent = ((100 * right) / total).toFixed(1);
    const lines = verdicts.map(({ question, verdict }) => describeVerdict(question, verdict)).filter((line) => line !== '');
    console.log(
      [
        `corpus: ${total} phrasings in ${domains.length} domains; designed right ${right} (${percent}%), answered with a warning ${count('warned')}, wrong entity ${count('wrong-entity')}, wrong otherwise ${count('wrong')}`,
        ...lines,
      ].join('\n'),
    );
    expect(count('wrong-entity'), lines.join('\n')).toBe(0);
    expect(count('wrong'), lines.join('\n')).toBe(0);
    expect(right / total, lines.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  for (const domain of domains) {
    it(`${domain.domain}: the questions together make one model with only the entities asked for`, () => {
      const design = designFromQuestions(domain.phrasings.map((phrasing) => phrasing.q), domain.domain);
      const accepted = new Set(domain.phrasings.flatMap((phrasing) => acceptedEntities(phrasing)));
      const invented = design.model.entities.map((entity) => entity.name).filter((name) => !accepted.has(name));
      expect(invented).toEqual([]);
      expect(design.problems).toEqual([]);
    });
  }
});
