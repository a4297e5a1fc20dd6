/**
 * Per access pattern: its argument type, a function giving the exact key
 * condition for given arguments, and the reader (GetItem → item | undefined;
 * Query → an async iterator that follows LastEvaluatedKey and stops after the
 * pattern's limit).
 */
import type { Condition, ValueNode } from '../expressions/ast.js';
import type { KeyPartPlan, PatternPlan } from '../model/types.js';
import { findAttributeSpec, indexProjectsEntity } from './entity-info.js';
import type { EntityInfo } from './entity-info.js';
import { ExpressionCode, andAll, equalsCondition, path } from './expression-code.js';
import { writeValueCode } from './entity-code.js';
import { templateExpression, templateFields } from './key-code.js';
import type { RuntimeHelper } from './runtime-source.js';
import { storedKeyValue } from './typed-keys.js';
import { identifier, propertyAccess, propertyKey, tsLiteral } from './typescript-names.js';

export interface PatternNames {
  readonly function: string;
  readonly args: string;
  readonly keyCondition: string;
}

export function patternNames(plan: PatternPlan): PatternNames {
  const base = identifier(plan.pattern);
  return { function: base, args: `${identifier(plan.pattern, true)}Args`, keyCondition: `${base}KeyCondition` };
}

/** The TypeScript type of one parameter: an attribute's type, or a range end's. */
function parameterType(info: EntityInfo, plan: PatternPlan, parameter: string): string {
  const own = findAttributeSpec(info.entity, parameter);
  if (own) return `NonNullable<${info.typeName}[${tsLiteral(parameter)}]>`;
  const range = plan.sort?.operator === 'between' ? plan.sort.rangeAttribute : undefined;
  if (range !== undefined && (parameter === `${range}From` || parameter === `${range}To`) && findAttributeSpec(info.entity, range)) {
    return `NonNullable<${info.typeName}[${tsLiteral(range)}]>`;
  }
  return 'string';
}

export function argsInterfaceCode(info: EntityInfo, plan: PatternPlan): string {
  const names = patternNames(plan);
  const fields = plan.parameters.map((parameter) => `  ${propertyKey(parameter)}: ${parameterType(info, plan, parameter)};`);
  return `/** Arguments of ${plan.pattern}. */\nexport interface ${names.args} {\n${fields.join('\n')}\n}`;
}

function valueFromArgs(plan: PatternPlan, rangeEnd?: 'From' | 'To'): (field: string) => string | undefined {
  const range = plan.sort?.operator === 'between' ? plan.sort.rangeAttribute : undefined;
  return (field) => {
    if (rangeEnd !== undefined && field === range) return propertyAccess('args', `${range}${rangeEnd}`);
    return plan.parameters.includes(field) ? propertyAccess('args', field) : undefined;
  };
}

export function keyConditionCode(info: EntityInfo, plan: PatternPlan, used: Set<RuntimeHelper>): string {
  const names = patternNames(plan);
  if (!plan.partition) throw new Error(`pattern ${plan.pattern} has no partition key condition`);
  const partition = templateExpression(plan.partition.template, valueFromArgs(plan), used);
  const parts = (list: readonly KeyPartPlan[]) =>
    `[${list.map((part) => `{ attribute: ${tsLiteral(part.attribute)}, value: ${templateExpression(part.template, valueFromArgs(plan), used)} }`).join(', ')}]`;
  const fields = [
    ...(plan.index !== undefined ? [`index: ${tsLiteral(plan.index)}`] : []),
    `partition: { attribute: ${tsLiteral(plan.partition.attribute)}, value: ${partition} }`,
    ...(plan.partitionKeys && plan.partitionKeys.length > 1 ? [`partitions: ${parts(plan.partitionKeys.slice(1))}`] : []),
    ...(plan.sortEquals && plan.sortEquals.length > 0 ? [`sortEquals: ${parts(plan.sortEquals)}`] : []),
  ];
  const sort = plan.sort;
  if (sort) {
    const attribute = `attribute: ${tsLiteral(sort.attribute)}`;
    if (sort.operator === 'equals') {
      fields.push(`sort: { ${attribute}, equals: ${templateExpression(sort.template, valueFromArgs(plan), used)} }`);
    } else if (sort.operator === 'beginsWith') {
      fields.push(`sort: { ${attribute}, beginsWith: ${templateExpression(sort.template, valueFromArgs(plan), used, true)} }`);
    } else {
      const low = templateExpression(sort.template, valueFromArgs(plan, 'From'), used, true);
      const highValues = valueFromArgs(plan, 'To');
      // When fields follow the range end, the highest character keeps every item at that end inside the range.
      const complete = templateFields(sort.template).every((field) => highValues(field) !== undefined);
      const high = `${templateExpression(sort.template, highValues, used, !complete)}${complete ? '' : " + '\\u{10FFFF}'"}`;
      fields.push(`sort: { ${attribute}, between: [${low}, ${high}] as const }`);
    }
  }
  return [
    `/** ${plan.pattern}: the key condition for the given arguments. */`,
    `export function ${names.keyCondition}(args: ${names.args}) {`,
    `  return { ${fields.join(', ')} } satisfies KeyConditionValues;`,
    '}',
  ].join('\n');
}

/** A constant as the attribute's stored type, as the planner's request writes it. */
function constantValue(info: EntityInfo, attribute: string, value: string): ValueNode {
  const spec = findAttributeSpec(info.entity, attribute);
  const epoch = spec?.type === 'timestamp' && (spec.format === 'epoch-seconds' || spec.format === 'epoch-millis');
  if ((spec?.type === 'number' && spec.format !== 'string') || epoch) return { kind: 'value', value: { N: value } };
  if (spec?.type === 'boolean') return { kind: 'value', value: { BOOL: value === 'true' } };
  return { kind: 'value', value: { S: value } };
}

/** A run-time argument as the attribute's stored type. */
function argumentValue(info: EntityInfo, attribute: string, argument: string, code: ExpressionCode): ValueNode {
  return code.runtimeValue(writeValueCode(findAttributeSpec(info.entity, attribute), propertyAccess('args', argument)));
}

function filterConditions(info: EntityInfo, plan: PatternPlan, code: ExpressionCode): Condition[] {
  const conditions = (plan.filter ?? []).map(({ attribute, value }) => equalsCondition(attribute, constantValue(info, attribute, value)));
  if (plan.operation !== 'Scan') return conditions;
  // A Scan filters on the caller's arguments too: equalities, and a range as BETWEEN.
  for (const parameter of plan.parameters) {
    const range = /^(.+)From$/.exec(parameter)?.[1];
    if (range !== undefined && plan.parameters.includes(`${range}To`)) {
      conditions.push({
        kind: 'between',
        operand: path(range),
        low: argumentValue(info, range, parameter, code),
        high: argumentValue(info, range, `${range}To`, code),
      });
    } else if (!/To$/.test(parameter) || !plan.parameters.includes(`${parameter.slice(0, -2)}From`)) {
      conditions.push(equalsCondition(parameter, argumentValue(info, parameter, parameter, code)));
    }
  }
  return conditions;
}

function requestFieldsCode(fields: Record<string, string | undefined>, indent: string): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${indent}${name}: ${value},`)
    .join('\n');
}

function doc(plan: PatternPlan): string {
  return `  /** ${plan.pattern}. ${plan.why.replace(/\*\//g, '*\\/')} */`;
}

/** The function body of one access pattern, as a member of the object createDataAccess returns. */
export function readerCode(info: EntityInfo, plan: PatternPlan, tableExpression: string): string {
  const names = patternNames(plan);
  if (plan.operation === 'GetItem') {
    const sort = plan.sort && info.sortKey ? `, ${propertyKey(plan.sort.attribute)}: ${storedKeyValue(info.table, plan.sort.attribute, 'key.sort.equals')}` : '';
    return [
      doc(plan),
      `  async function ${names.function}(args: ${names.args}): Promise<${info.typeName} | undefined> {`,
      `    const key = ${names.keyCondition}(args);`,
      '    const output = await documents.send(',
      '      new GetCommand({',
      requestFieldsCode(
        {
          TableName: tableExpression,
          Key: `{ ${propertyKey(plan.partition!.attribute)}: ${storedKeyValue(info.table, plan.partition!.attribute, 'key.partition.value')}${sort} }`,
          ConsistentRead: plan.consistentRead ? 'true' : undefined,
        },
        '        ',
      ),
      '      }),',
      '    );',
      `    return output.Item === undefined ? undefined : read${info.typeName}(output.Item);`,
      '  }',
    ].join('\n');
  }

  const code = new ExpressionCode();
  let keyCondition: string | undefined;
  if (plan.operation === 'Query') {
    const keyValue = (attribute: string, value: string) => code.runtimeValue(storedKeyValue(info.table, attribute, value));
    const parts: Condition[] = [equalsCondition(plan.partition!.attribute, keyValue(plan.partition!.attribute, 'key.partition.value'))];
    // A multi-attribute GSI key: every partition attribute, then the leading sort attributes, with =.
    (plan.partitionKeys ?? []).slice(1).forEach((part, i) => parts.push(equalsCondition(part.attribute, keyValue(part.attribute, `key.partitions[${i}]!.value`))));
    (plan.sortEquals ?? []).forEach((part, i) => parts.push(equalsCondition(part.attribute, keyValue(part.attribute, `key.sortEquals[${i}]!.value`))));
    const sort = plan.sort;
    if (sort?.operator === 'equals') parts.push(equalsCondition(sort.attribute, keyValue(sort.attribute, 'key.sort.equals')));
    if (sort?.operator === 'beginsWith') {
      parts.push({ kind: 'call', name: 'begins_with', args: [path(sort.attribute), keyValue(sort.attribute, 'key.sort.beginsWith')] });
    }
    if (sort?.operator === 'between') {
      parts.push({
        kind: 'between',
        operand: path(sort.attribute),
        low: keyValue(sort.attribute, 'key.sort.between[0]'),
        high: keyValue(sort.attribute, 'key.sort.between[1]'),
      });
    }
    keyCondition = code.condition(andAll(parts));
  }
  const filters = filterConditions(info, plan, code);
  const filter = filters.length > 0 ? code.condition(andAll(filters)) : undefined;
  const limited = plan.limit !== undefined;
  const fetchFull = !indexProjectsEntity(info.table, plan.index, info.entity);
  const baseKey = [info.partitionKey, ...(info.sortKey ? [info.sortKey] : [])]
    .map((attribute) => `${propertyKey(attribute)}: raw[${tsLiteral(attribute)}]`)
    .join(', ');
  const emit = fetchFull
    ? [
        `        // ${plan.index ?? 'The index'} does not project every attribute: read the item from the table.`,
        `        const full = await documents.send(new GetCommand({ TableName: ${tableExpression}, Key: { ${baseKey} } }));`,
        '        if (full.Item === undefined) continue;',
        `        yield read${info.typeName}(full.Item);`,
      ]
    : [`        yield read${info.typeName}(raw);`];
  const command = plan.operation === 'Query' ? 'QueryCommand' : 'ScanCommand';
  return [
    doc(plan),
    `  async function* ${names.function}(args: ${names.args}, paging: PageOptions = {}): AsyncGenerator<${info.typeName}, void, undefined> {`,
    plan.operation === 'Query' ? `    const key = ${names.keyCondition}(args);` : '    void args;',
    limited ? `    let remaining = ${plan.limit};` : '',
    '    let startKey: Record<string, unknown> | undefined;',
    '    do {',
    '      const output = await documents.send(',
    `        new ${command}({`,
    requestFieldsCode(
      {
        TableName: tableExpression,
        IndexName: plan.index !== undefined ? tsLiteral(plan.index) : undefined,
        KeyConditionExpression: keyCondition !== undefined ? tsLiteral(keyCondition) : undefined,
        FilterExpression: filter !== undefined ? tsLiteral(filter) : undefined,
        ExpressionAttributeNames: code.namesLiteral(),
        ExpressionAttributeValues: code.valuesLiteral(),
        ScanIndexForward: plan.operation === 'Query' && plan.scanIndexForward === false ? 'false' : undefined,
        ConsistentRead: plan.consistentRead ? 'true' : undefined,
        Limit: limited ? 'Math.min(paging.pageSize ?? remaining, remaining)' : 'paging.pageSize',
        ExclusiveStartKey: 'startKey',
      },
      '          ',
    ),
    '        }),',
    '      );',
    '      for (const raw of output.Items ?? []) {',
    ...emit,
    limited ? '        remaining -= 1;\n        if (remaining <= 0) return;' : '',
    '      }',
    '      startKey = output.LastEvaluatedKey;',
    '    } while (startKey !== undefined);',
    '  }',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
