/**
 * Per write path: create (PutItem guarded by attribute_not_exists), update
 * (UpdateItem recomputing every key built from the changed attributes and
 * adding or removing sparse keys), the transactional move when a change
 * touches the base key (TransactWriteItems Delete + guarded Put), and delete.
 */
import type { WritePathSpec } from '../model/types.js';
import type { Condition } from '../expressions/ast.js';
import type { EntityInfo } from './entity-info.js';
import { findAttributeSpec } from './entity-info.js';
import { ExpressionCode, andAll, attributeExists, attributeNotExists, equalsCondition } from './expression-code.js';
import { keyBuilderName, pickType, sparseConditionCode, writeValueCode } from './entity-code.js';
import { storedKeyRecord, storedKeyValue } from './typed-keys.js';
import { identifier, propertyAccess, tsLiteral } from './typescript-names.js';

function describe(path: WritePathSpec, what: string): string {
  return `  /** ${path.name}: ${what}${path.description ? ` ${path.description.replace(/\*\//g, '*\\/')}` : ''} */`;
}

function guardedFields(code: ExpressionCode, condition: Condition): { expression: string; names?: string; values?: string } {
  const expression = code.condition(condition);
  const names = code.namesLiteral();
  const values = code.valuesLiteral();
  return { expression, ...(names ? { names } : {}), ...(values ? { values } : {}) };
}

function conditionLines(fields: { expression: string; names?: string; values?: string }, indent: string): string[] {
  return [
    `${indent}ConditionExpression: ${tsLiteral(fields.expression)},`,
    ...(fields.names ? [`${indent}ExpressionAttributeNames: ${fields.names},`] : []),
    ...(fields.values ? [`${indent}ExpressionAttributeValues: ${fields.values},`] : []),
  ];
}

export function createCode(info: EntityInfo, path: WritePathSpec, table: string): string {
  const guard = guardedFields(new ExpressionCode(), attributeNotExists(info.partitionKey));
  return [
    describe(path, `writes a new ${info.typeName} with every key attribute; fails if its key is taken.`),
    `  async function ${identifier(path.name)}(item: ${info.typeName}): Promise<void> {`,
    '    await documents.send(',
    '      new PutCommand({',
    `        TableName: ${table},`,
    `        Item: { ...write${info.typeName}(item), ...${storedKeyRecord(info.table, `${info.functionPrefix}Keys(item)`)} },`,
    ...conditionLines(guard, '        '),
    '      }),',
    '    );',
    '  }',
  ].join('\n');
}

export function deleteCode(info: EntityInfo, path: WritePathSpec, table: string): string {
  return [
    describe(path, `deletes a ${info.typeName} by its key and returns it, or undefined when there was none.`),
    `  async function ${identifier(path.name)}(key: ${pickType(info.typeName, info.baseKeyFields)}): Promise<${info.typeName} | undefined> {`,
    '    const output = await documents.send(',
    `      new DeleteCommand({ TableName: ${table}, Key: ${storedKeyRecord(info.table, `${info.functionPrefix}BaseKey(key)`)}, ReturnValues: 'ALL_OLD' }),`,
    '    );',
    `    return output.Attributes === undefined ? undefined : read${info.typeName}(output.Attributes);`,
    '  }',
  ].join('\n');
}

/** Whether the update changes an attribute the base key is built from. */
export function movesBaseKey(info: EntityInfo, path: WritePathSpec): boolean {
  return path.attributes.some((attribute) => info.baseKeyFields.includes(attribute));
}

export function moveCode(info: EntityInfo, path: WritePathSpec, table: string): string {
  const changed = pickType(info.typeName, path.attributes);
  const removeGuard = guardedFields(new ExpressionCode(), attributeExists(info.partitionKey));
  const putGuard = guardedFields(new ExpressionCode(), attributeNotExists(info.partitionKey));
  const replaceGuard = guardedFields(new ExpressionCode(), attributeExists(info.partitionKey));
  return [
    describe(
      path,
      `changes ${path.attributes.join(', ')}, which the table key is built from: the item moves to its new key in one transaction (delete the old key, put the new item unless that key is taken).`,
    ),
    `  async function ${identifier(path.name)}(current: ${info.typeName}, changes: ${changed}): Promise<${info.typeName}> {`,
    `    const next: ${info.typeName} = { ...current, ...changes };`,
    `    const oldKey = ${info.functionPrefix}BaseKey(current);`,
    `    const newKey = ${info.functionPrefix}BaseKey(next);`,
    `    const item = { ...write${info.typeName}(next), ...${storedKeyRecord(info.table, `${info.functionPrefix}Keys(next)`)} };`,
    '    if (Object.keys(oldKey).every((name) => oldKey[name] === newKey[name])) {',
    '      // Same key: DynamoDB refuses two actions on one item in a transaction, and one guarded put suffices.',
    '      await documents.send(',
    '        new PutCommand({',
    `          TableName: ${table},`,
    '          Item: item,',
    ...conditionLines(replaceGuard, '          '),
    '        }),',
    '      );',
    '      return next;',
    '    }',
    '    await documents.send(',
    '      new TransactWriteCommand({',
    '        TransactItems: [',
    '          {',
    '            Delete: {',
    `              TableName: ${table},`,
    `              Key: ${storedKeyRecord(info.table, 'oldKey')},`,
    ...conditionLines(removeGuard, '              '),
    '            },',
    '          },',
    '          {',
    '            Put: {',
    `              TableName: ${table},`,
    '              Item: item,',
    ...conditionLines(putGuard, '              '),
    '            },',
    '          },',
    '        ],',
    '      }),',
    '    );',
    '    return next;',
    '  }',
  ].join('\n');
}

/** Key attributes (other than the base key) whose value or presence depends on the changed attributes. */
function affectedKeys(info: EntityInfo, path: WritePathSpec): string[] {
  const changed = new Set(path.attributes);
  return [...info.keyFields].flatMap(([keyAttribute, fields]) => {
    if (keyAttribute === info.partitionKey || keyAttribute === info.sortKey) return [];
    const when = Object.keys(info.entity.keysWhen[keyAttribute] ?? {});
    return fields.some((field) => changed.has(field)) || when.some((attribute) => changed.has(attribute)) ? [keyAttribute] : [];
  });
}

/** What an update takes: the table key, the changed attributes, and what the recomputed keys also need (checked against the item). */
export function updateArguments(info: EntityInfo, path: WritePathSpec): { needed: string[]; checked: string[]; keys: string[] } {
  const changed = path.attributes;
  const keys = affectedKeys(info, path);
  const needed = new Set<string>([...info.baseKeyFields, ...changed]);
  for (const key of keys) {
    for (const field of info.keyFields.get(key) ?? []) needed.add(field);
    for (const attribute of Object.keys(info.entity.keysWhen[key] ?? {})) needed.add(attribute);
  }
  // Values the keys need but the update does not change must match the stored item, or the key would go stale.
  const checked = [...needed].filter((attribute) => !changed.includes(attribute) && !info.baseKeyFields.includes(attribute));
  return { needed: [...needed], checked, keys };
}

export function updateCode(info: EntityInfo, path: WritePathSpec, table: string): string {
  const changed = path.attributes;
  const { needed, checked, keys } = updateArguments(info, path);
  const code = new ExpressionCode();
  const write = (attribute: string) => writeValueCode(findAttributeSpec(info.entity, attribute), propertyAccess('args', attribute));
  const condition = andAll([
    attributeExists(info.partitionKey),
    ...checked.map((attribute) => equalsCondition(attribute, code.runtimeValue(write(attribute)))),
  ]);
  const conditionText = code.condition(condition);
  const lines: string[] = [];
  // A key attribute that is the item's own attribute (a multi-attribute GSI key) is set once, as the key.
  for (const attribute of changed.filter((name) => !keys.includes(name))) {
    const name = code.name(attribute);
    const placeholder = code.placeholder(write(attribute));
    const set = `sets.push(${tsLiteral(`${name} = ${placeholder}`)}); values[${tsLiteral(placeholder)}] = ${write(attribute)};`;
    const required = findAttributeSpec(info.entity, attribute)?.required ?? true;
    lines.push(required ? `    ${set}` : `    if (${propertyAccess('args', attribute)} === undefined) removes.push(${tsLiteral(name)});\n    else { ${set} }`);
  }
  for (const key of keys) {
    const name = code.name(key);
    const builder = storedKeyValue(info.table, key, `${keyBuilderName(info, key)}(args)`);
    const placeholder = code.placeholder(builder);
    const set = `sets.push(${tsLiteral(`${name} = ${placeholder}`)}); values[${tsLiteral(placeholder)}] = ${builder};`;
    const sparse = sparseConditionCode(info, key, 'args');
    lines.push(sparse ? `    if (${sparse}) { ${set} }\n    else removes.push(${tsLiteral(name)});` : `    ${set}`);
  }
  const names = code.namesLiteral();
  const conditionValues = code
    .valueEntries()
    .slice(0, checked.length) // printed first, each a distinct run-time value
    .map(([placeholder, value]) => `${tsLiteral(placeholder)}: ${value}`);
  const argsType = pickType(info.typeName, needed);
  const recomputed = keys.length > 0 ? ` and recomputes ${keys.join(', ')}` : '';
  return [
    describe(path, `changes ${changed.join(', ')}${recomputed} in one UpdateItem.${checked.length > 0 ? ` ${checked.join(', ')} must be the stored values (checked), since keys are built from them.` : ''}`),
    `  async function ${identifier(path.name)}(args: ${argsType}): Promise<void> {`,
    '    const sets: string[] = [];',
    '    const removes: string[] = [];',
    `    const values: Record<string, unknown> = {${conditionValues.length > 0 ? ` ${conditionValues.join(', ')} ` : ''}};`,
    ...lines,
    "    const clauses = [sets.length > 0 ? `SET ${sets.join(', ')}` : '', removes.length > 0 ? `REMOVE ${removes.join(', ')}` : ''];",
    '    await documents.send(',
    '      new UpdateCommand({',
    `        TableName: ${table},`,
    `        Key: ${storedKeyRecord(info.table, `${info.functionPrefix}BaseKey(args)`)},`,
    "        UpdateExpression: clauses.filter((clause) => clause !== '').join(' '),",
    `        ConditionExpression: ${tsLiteral(conditionText)},`,
    ...(names ? [`        ExpressionAttributeNames: ${names},`] : []),
    '        ExpressionAttributeValues: Object.keys(values).length > 0 ? values : undefined,',
    '      }),',
    '    );',
    '  }',
  ].join('\n');
}
