import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { marshall } from '@aws-sdk/util-dynamodb';
import { generateTypeScript, generateTypeScriptDocument, type CodegenRequest } from '@dynotable/core';
import { codegenRequest, plain, RICH_REQUEST } from './fixtures.js';
import { runTypeScript, syntaxErrors } from './run-typescript.js';

/** The native values of a DocumentClient input, converted back to AttributeValues by the SDK's own marshaller. */
function marshalled(input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input };
  for (const name of ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey']) {
    if (out[name] !== undefined) out[name] = marshall(out[name] as Record<string, unknown>);
  }
  return out;
}

describe('TypeScript, low-level client', () => {
  it('sends exactly the request: expression text, names and typed values', async () => {
    const code = generateTypeScript(RICH_REQUEST);
    expect(syntaxErrors(code)).toEqual([]);
    expect(code).toContain("KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi'");
    expect(code).toContain("{ N: '12345678901234567890123456789012345678' }");
    const [call, ...more] = await runTypeScript(code);
    expect(more).toEqual([]);
    expect(call!.command).toBe('QueryCommand');
    expect(plain(call!.input)).toEqual(plain(RICH_REQUEST.params));
  });

  it('round-trips any request', async () => {
    await fc.assert(
      fc.asyncProperty(codegenRequest, async (request) => {
        const [call] = await runTypeScript(generateTypeScript(request));
        expect(call!.command).toBe(`${request.operation}Command`);
        expect(plain(call!.input)).toEqual(plain(request.params));
      }),
      { numRuns: 150 },
    );
  });

  it('keeps an attribute named __proto__ as data', async () => {
    const request: CodegenRequest = {
      operation: 'PutItem',
      params: { TableName: 't', Item: JSON.parse('{"__proto__": {"S": "x"}}') },
    };
    const [call] = await runTypeScript(generateTypeScript(request));
    expect(Object.keys(call!.input.Item as object)).toEqual(['__proto__']);
  });
});

describe('TypeScript, DocumentClient', () => {
  it('uses native values and NumberValue only where a JS number would lose digits', async () => {
    const code = generateTypeScriptDocument(RICH_REQUEST);
    expect(syntaxErrors(code)).toEqual([]);
    expect(code).toContain("import { DynamoDBDocumentClient, QueryCommand, NumberValue } from '@aws-sdk/lib-dynamodb';");
    expect(code).toContain("':n': NumberValue.from('12345678901234567890123456789012345678')");
    expect(code).toContain("':closed': 'closed'");
    const [call] = await runTypeScript(code);
    expect(plain(marshalled(call!.input))).toEqual(plain(RICH_REQUEST.params));
  });

  it('names the commands as lib-dynamodb does', () => {
    const put = generateTypeScriptDocument({ operation: 'PutItem', params: { TableName: 't', Item: { id: { S: 'a' } } } });
    expect(put).toContain('new PutCommand({');
    expect(put).not.toContain('NumberValue');
  });

  it('marshals back to the same AttributeValues for any request', async () => {
    await fc.assert(
      fc.asyncProperty(codegenRequest, async (request) => {
        // The SDK's own marshaller assigns map keys one by one, so a key named __proto__ is lost
        // there, whatever the generated code holds (which keeps it as data: tested above).
        fc.pre(!JSON.stringify(request.params).includes('"__proto__"'));
        const [call] = await runTypeScript(generateTypeScriptDocument(request));
        expect(call!.command).toBe(`${request.operation.replace(/Item$/, '')}Command`);
        expect(plain(marshalled(call!.input))).toEqual(plain(request.params));
      }),
      { numRuns: 150 },
    );
  });
});
