import { finding, location, patternRule } from '../rule.js';

export const patternNotUnderstood = patternRule(
  {
    id: 'pattern-not-understood',
    severity: 'error',
    title: 'Access pattern that cannot be read or planned',
    description: 'The question could not be read by the pattern grammar or planned against the keys, so no other rule can check it.',
  },
  (analysis, rule) => {
    if (analysis.problem === undefined) return [];
    return [
      finding(rule, {
        subject: `pattern ${analysis.pattern.name}`,
        message: `${analysis.pattern.name} ("${analysis.pattern.question}") could not be checked: ${analysis.problem}`,
        fix: 'Rephrase the question with the words the grammar knows ("list <items> by <attribute>, newest first", "get <item> by <attribute>") and attribute names the entity declares.',
        location: location({ entity: analysis.meaning?.entity, pattern: analysis.pattern.name }),
      }),
    ];
  },
);
