/** A PartiQL statement as ExecuteStatement in SDK v3, boto3 and the AWS CLI: Parameters in DynamoDB's typed form, binary included. */
import { describe, expect, it } from 'vitest';
import { generateStatementCode } from '../../src/request-code/statement-code.js';

const request = {
  statement: `SELECT * FROM "Orders" WHERE PK = ? AND note = 'it''s'`,
  parameters: [{ S: 'C#1' }, { N: '5' }, { B: new Uint8Array([1, 255]) }],
  consistentRead: true,
};

describe('generateStatementCode', () => {
  it('writes the SDK v3 ExecuteStatementCommand', () => {
    expect(generateStatementCode(request, 'typescript')).toBe(
      [
        "import { DynamoDBClient, ExecuteStatementCommand } from '@aws-sdk/client-dynamodb';",
        '',
        'const client = new DynamoDBClient({});',
        '',
        'const response = await client.send(new ExecuteStatementCommand({',
        `  Statement: 'SELECT * FROM "Orders" WHERE PK = ? AND note = \\'it\\'\\'s\\'',`,
        "  Parameters: [{ S: 'C#1' }, { N: '5' }, { B: Buffer.from('Af8=', 'base64') }],",
        '  ConsistentRead: true,',
        '}));',
        'console.dir(response, { depth: null });',
        '',
      ].join('\n'),
    );
  });

  it("writes boto3's execute_statement", () => {
    const code = generateStatementCode(request, 'python');
    expect(code).toContain('response = client.execute_statement(\n');
    expect(code).toContain(`    Statement='SELECT * FROM "Orders" WHERE PK = ? AND note = \\'it\\'\\'s\\'',\n`);
    expect(code).toContain("    Parameters=[{'S': 'C#1'}, {'N': '5'}, {'B': b'\\x01\\xff'}],\n");
    expect(code).toContain('    ConsistentRead=True,\n');
  });

  it('writes the AWS CLI command with the parameters as wire JSON, and nothing extra without them', () => {
    expect(generateStatementCode(request, 'aws-cli')).toBe(
      [
        'aws dynamodb execute-statement \\',
        `  --statement 'SELECT * FROM "Orders" WHERE PK = ? AND note = '\\''it'\\'''\\''s'\\''' \\`,
        `  --parameters '[{"S":"C#1"},{"N":"5"},{"B":"Af8="}]' \\`,
        '  --consistent-read',
        '',
      ].join('\n'),
    );
    expect(generateStatementCode({ statement: 'SELECT * FROM t' }, 'typescript')).not.toContain('Parameters');
  });
});
