import { finding, location, patternRule } from '../rule.js';

export const filterRequired = patternRule(
  {
    id: 'filter-required',
    severity: 'warning',
    title: 'Access pattern relies on a filter',
    description: 'The pattern\'s Query reads items its key cannot exclude and drops them with a FilterExpression; you pay for every item read, kept or not.',
  },
  (analysis, rule) => {
    const plan = analysis.plan;
    if (!plan || plan.operation === 'Scan' || !plan.filter || plan.filter.length === 0) return [];
    const conditions = plan.filter.map((condition) => `${condition.attribute} = ${condition.value}`).join(' and ');
    return [
      finding(rule, {
        subject: `pattern ${analysis.pattern.name}`,
        message: `${analysis.pattern.name} reads ${plan.entity} items through ${plan.index ?? 'the base table'} and filters ${conditions} afterwards; filtered items still cost read units and a Limit counts them before the filter.`,
        fix: `Move the condition into a key: put ${plan.filter[0]!.attribute} in the sort key after the partition (begins_with), or write a sparse GSI whose keys exist only while ${conditions} (keysWhen).`,
        location: location({ entity: plan.entity, index: plan.index, pattern: analysis.pattern.name }),
      }),
    ];
  },
);
