import { finding, location, patternRule } from '../rule.js';

export const consistentReadOnGsi = patternRule(
  {
    id: 'consistent-read-on-gsi',
    severity: 'error',
    title: 'Strongly consistent read wanted on a GSI',
    description:
      'A pattern asks for ConsistentRead but is answered by a global secondary index, which only supports eventually consistent reads; DynamoDB rejects the request.',
  },
  (analysis, rule) => {
    if (analysis.pattern.consistentRead !== true || analysis.readPath?.kind !== 'gsi' || analysis.plan?.operation === 'Scan') return [];
    const index = analysis.readPath.index;
    return [
      finding(rule, {
        subject: `pattern ${analysis.pattern.name}`,
        message: `${analysis.pattern.name} wants a strongly consistent read but is answered by GSI ${index}; DynamoDB answers "Consistent reads are not supported on global secondary indexes".`,
        fix: `Read through the base table or an LSI (both support ConsistentRead), or accept eventual consistency and drop consistentRead; after a write, read the item by its base key when freshness matters.`,
        location: location({ entity: analysis.entity?.entity.name, index, pattern: analysis.pattern.name }),
        autofix: { label: 'Drop consistentRead', edits: [{ op: 'remove', path: ['accessPatterns', analysis.pattern.name, 'consistentRead'] }] },
      }),
    ];
  },
);
