/**
 * Java with the AWS SDK for Java 2.x: request builders and the typed
 * `AttributeValue.fromX` factories; numbers as strings, binary from base64.
 */
import { javaString } from './escape.js';
import { indentTail, list, type ListStyle } from './layout.js';
import { fieldLiteral, type Literals } from './literals.js';
import { lowerFirst, requestFields, requestHasBinary, type CodegenRequest } from './request.js';
import { encodeBase64 } from '../values/base64.js';

const STYLE: ListStyle = { trailingComma: false, indent: '    ' };

/** The suffix of each type's `AttributeValue.fromX` factory. */
const FACTORY = { S: 'S', N: 'N', B: 'B', BOOL: 'Bool', NULL: 'Nul', M: 'M', L: 'L', SS: 'Ss', NS: 'Ns', BS: 'Bs' } as const;

const JAVA: Literals = {
  string: javaString,
  bytes: (bytes) => `SdkBytes.fromByteArray(Base64.getDecoder().decode(${javaString(encodeBase64(bytes))}))`,
  boolean: String,
  // `Map.ofEntries` has no size limit, unlike `Map.of`.
  map: (entries) => list('Map.ofEntries(', entries.map(([key, value]) => `Map.entry(${javaString(key)}, ${value})`), ')', STYLE),
  typed: (tag, literal) => `AttributeValue.from${FACTORY[tag]}(${literal})`,
  typedList: (tag, items) => list(`AttributeValue.from${FACTORY[tag]}(List.of(`, items, '))', STYLE),
};

export function generateJava(request: CodegenRequest): string {
  const { operation } = request;
  const builder = requestFields(request.params).map((field) => `.${lowerFirst(field.name)}(${fieldLiteral(field, JAVA)})`);
  const model = 'software.amazon.awssdk.services.dynamodb.model';
  const binary = requestHasBinary(request.params);
  const imports = [
    ...(binary ? ['java.util.Base64'] : []),
    'java.util.List',
    'java.util.Map',
    ...(binary ? ['software.amazon.awssdk.core.SdkBytes'] : []),
    'software.amazon.awssdk.services.dynamodb.DynamoDbClient',
    `${model}.AttributeValue`,
    `${model}.${operation}Request`,
    `${model}.${operation}Response`,
  ];
  const chain = [`${operation}Request.builder()`, ...builder.map((call) => `    ${indentTail(call, '    ')}`), '    .build();'];
  return [
    ...imports.map((name) => `import ${name};`),
    '',
    `public class ${operation}Example {`,
    '    public static void main(String[] args) {',
    '        try (DynamoDbClient client = DynamoDbClient.create()) {',
    `            ${operation}Request request = ${indentTail(chain.join('\n'), '            ')}`,
    `            ${operation}Response response = client.${lowerFirst(operation)}(request);`,
    '            System.out.println(response);',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
}
