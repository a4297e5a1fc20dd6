import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { toCdk } from '../../src/interchange/index.js';
import type { Model } from '../../src/model/types.js';
import { EXAMPLE_NAMES, INVENTORY, loadExample } from './fixtures.js';

function syntaxErrors(source: string): string[] {
  const output = ts.transpileModule(source, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  return (output.diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** The object literal passed to each `new dynamodb.TableV2(this, id, {...})`, as syntax nodes. */
function tableCalls(source: string): { id: string; props: Map<string, string> }[] {
  const file = ts.createSourceFile('stack.ts', source, ts.ScriptTarget.ES2022, true);
  const calls: { id: string; props: Map<string, string> }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText(file) === 'dynamodb.TableV2') {
      const [scope, id, props] = node.arguments ?? [];
      expect(scope?.getText(file)).toBe('this');
      if (id && ts.isStringLiteral(id) && props && ts.isObjectLiteralExpression(props)) {
        const entries = new Map<string, string>();
        for (const property of props.properties) {
          if (ts.isPropertyAssignment(property)) entries.set(property.name.getText(file), property.initializer.getText(file).replace(/\s+/g, ' '));
        }
        calls.push({ id: id.text, props: entries });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

const MODELS: [string, () => Model][] = [...EXAMPLE_NAMES.map((name): [string, () => Model] => [name, () => loadExample(name)]), ['inventory (inline)', () => INVENTORY]];

describe('CDK export', () => {
  for (const [name, load] of MODELS) {
    it(`${name}: parses, and has one TableV2 per table with its keys, billing and indexes`, () => {
      const model = load();
      const source = toCdk(model);
      expect(syntaxErrors(source)).toEqual([]);
      expect(source).toMatch(/^export class \w+Stack extends Stack \{$/m);
      const calls = tableCalls(source);
      expect(calls.map((call) => call.props.get('tableName'))).toEqual(model.tables.map((table) => `'${table.name}'`));
      for (const [i, table] of model.tables.entries()) {
        const props = calls[i]!.props;
        expect(props.get('partitionKey')).toBe(`{ name: '${table.partitionKey.name}', type: dynamodb.AttributeType.${{ S: 'STRING', N: 'NUMBER', B: 'BINARY' }[table.partitionKey.type]} }`);
        expect(props.has('sortKey')).toBe(table.sortKey !== undefined);
        expect(props.get('billing')).toMatch(table.billingMode === 'PAY_PER_REQUEST' ? /^dynamodb\.Billing\.onDemand\(\)$/ : /^dynamodb\.Billing\.provisioned\(/);
        for (const index of table.globalSecondaryIndexes) expect(props.get('globalSecondaryIndexes')).toContain(`indexName: '${index.name}'`);
        expect(props.has('localSecondaryIndexes')).toBe(table.localSecondaryIndexes.length > 0);
        expect(props.get('timeToLiveAttribute')).toBe(table.timeToLiveAttribute === undefined ? undefined : `'${table.timeToLiveAttribute}'`);
      }
    });
  }

  it('writes provisioned capacity, projections, LSIs and the table class', () => {
    const [inventory, blobs] = tableCalls(toCdk(INVENTORY));
    expect(inventory!.id).toBe('InventoryTable');
    expect(blobs!.id).toBe('AuditEvents2026Table');
    expect(inventory!.props.get('billing')).toBe(
      'dynamodb.Billing.provisioned({ readCapacity: dynamodb.Capacity.fixed(7), writeCapacity: dynamodb.Capacity.autoscaled({ minCapacity: 3, maxCapacity: 3 }), })',
    );
    const gsis = inventory!.props.get('globalSecondaryIndexes')!;
    expect(gsis).toContain("partitionKey: { name: 'warehouse', type: dynamodb.AttributeType.STRING }, sortKey: { name: 'quantity', type: dynamodb.AttributeType.NUMBER }");
    expect(gsis).toContain("projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: ['title', 'price'], readCapacity: dynamodb.Capacity.fixed(4)");
    expect(gsis).toContain('projectionType: dynamodb.ProjectionType.KEYS_ONLY, readCapacity: dynamodb.Capacity.fixed(5), writeCapacity: dynamodb.Capacity.autoscaled({ minCapacity: 1, maxCapacity: 1 })');
    expect(inventory!.props.get('localSecondaryIndexes')).toContain("indexName: 'byUpdated', sortKey: { name: 'updatedAt', type: dynamodb.AttributeType.STRING }, projectionType: dynamodb.ProjectionType.ALL");
    expect(inventory!.props.get('tableClass')).toBe('dynamodb.TableClass.STANDARD_INFREQUENT_ACCESS');
    expect(blobs!.props.get('partitionKey')).toContain('dynamodb.AttributeType.BINARY');
  });

  it('escapes names so they stay string literals', () => {
    const model: Model = { ...INVENTORY, name: "it's", tables: [{ ...INVENTORY.tables[1]!, partitionKey: { name: "o'brien\\x", type: 'S' } }] };
    const source = toCdk(model);
    expect(syntaxErrors(source)).toEqual([]);
    expect(source).toContain('export class ItSStack');
    expect(tableCalls(source)[0]!.props.get('partitionKey')).toBe("{ name: 'o\\'brien\\\\x', type: dynamodb.AttributeType.STRING }");
  });
});
