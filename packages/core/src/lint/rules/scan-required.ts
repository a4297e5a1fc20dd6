import { finding, location, patternRule } from '../rule.js';

export const scanRequired = patternRule(
  {
    id: 'scan-required',
    severity: 'error',
    title: 'Access pattern needs a Scan',
    description: 'No key of the table or its indexes answers the pattern, so it reads the whole table.',
  },
  (analysis, rule) => {
    if (analysis.plan?.operation !== 'Scan') return [];
    const entity = analysis.plan.entity;
    return [
      finding(rule, {
        subject: `pattern ${analysis.pattern.name}`,
        message: `${analysis.pattern.name} ("${analysis.pattern.question}") needs a Scan: ${analysis.plan.why}`,
        fix: `Add a key that answers it: a GSI whose partition key holds what the caller supplies${analysis.meaning?.equals.length ? ` (${analysis.meaning.equals.join(', ')})` : ''} and whose sort key holds the order or range, then re-run lint.`,
        location: location({ entity, pattern: analysis.pattern.name }),
      }),
    ];
  },
);
