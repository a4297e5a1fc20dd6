/**
 * Compiles and runs generated Java against stub SDK classes with the real
 * signatures, which print the request as JSON instead of sending it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODEGEN_OPERATIONS } from '@dynotable/core';

const JSON_HELPERS = `
  static String q(String s) {
    StringBuilder b = new StringBuilder("\\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\\\') b.append('\\\\').append(c);
      else if (c < 0x20 || c > 0x7e) b.append(String.format("\\\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
  static String list(java.util.List<String> items) { return "[" + String.join(",", items) + "]"; }
  static String object(java.util.Map<String, String> entries) {
    java.util.List<String> parts = new java.util.ArrayList<>();
    entries.forEach((k, v) -> parts.add(q(k) + ":" + v));
    return "{" + String.join(",", parts) + "}";
  }`;

const SDK_BYTES = `package software.amazon.awssdk.core;
public final class SdkBytes {
  public final byte[] bytes;
  private SdkBytes(byte[] bytes) { this.bytes = bytes; }
  public static SdkBytes fromByteArray(byte[] bytes) { return new SdkBytes(bytes.clone()); }
}`;

const ATTRIBUTE_VALUE = `package software.amazon.awssdk.services.dynamodb.model;
import java.util.*;
import software.amazon.awssdk.core.SdkBytes;
public final class AttributeValue {
  public final String json;
  private AttributeValue(String type, String value) { json = "{" + q(type) + ":" + value + "}"; }
  ${JSON_HELPERS}
  static String b64(SdkBytes b) { return q(Base64.getEncoder().encodeToString(b.bytes)); }
  static String values(Map<String, AttributeValue> m) {
    Map<String, String> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, v.json));
    return object(out);
  }
  public static AttributeValue fromS(String v) { return new AttributeValue("S", q(v)); }
  public static AttributeValue fromN(String v) { return new AttributeValue("N", q(v)); }
  public static AttributeValue fromB(SdkBytes v) { return new AttributeValue("B", b64(v)); }
  public static AttributeValue fromBool(Boolean v) { return new AttributeValue("BOOL", v.toString()); }
  public static AttributeValue fromNul(Boolean v) { return new AttributeValue("NULL", v.toString()); }
  public static AttributeValue fromM(Map<String, AttributeValue> v) { return new AttributeValue("M", values(v)); }
  public static AttributeValue fromL(List<AttributeValue> v) { return new AttributeValue("L", list(v.stream().map(x -> x.json).toList())); }
  public static AttributeValue fromSs(List<String> v) { return new AttributeValue("SS", list(v.stream().map(AttributeValue::q).toList())); }
  public static AttributeValue fromNs(List<String> v) { return new AttributeValue("NS", list(v.stream().map(AttributeValue::q).toList())); }
  public static AttributeValue fromBs(List<SdkBytes> v) { return new AttributeValue("BS", list(v.stream().map(AttributeValue::b64).toList())); }
}`;

/** Builder setters with the SDK's parameter types. */
const SETTERS: Array<[string, string, string]> = [
  ['tableName', 'String', 'AttributeValue.q(v)'],
  ['indexName', 'String', 'AttributeValue.q(v)'],
  ['key', 'Map<String, AttributeValue>', 'AttributeValue.values(v)'],
  ['item', 'Map<String, AttributeValue>', 'AttributeValue.values(v)'],
  ['keyConditionExpression', 'String', 'AttributeValue.q(v)'],
  ['updateExpression', 'String', 'AttributeValue.q(v)'],
  ['conditionExpression', 'String', 'AttributeValue.q(v)'],
  ['filterExpression', 'String', 'AttributeValue.q(v)'],
  ['projectionExpression', 'String', 'AttributeValue.q(v)'],
  ['expressionAttributeNames', 'Map<String, String>', 'names(v)'],
  ['expressionAttributeValues', 'Map<String, AttributeValue>', 'AttributeValue.values(v)'],
  ['scanIndexForward', 'Boolean', 'v.toString()'],
  ['consistentRead', 'Boolean', 'v.toString()'],
  ['limit', 'Integer', 'v.toString()'],
  ['exclusiveStartKey', 'Map<String, AttributeValue>', 'AttributeValue.values(v)'],
  ['select', 'String', 'AttributeValue.q(v)'],
  ['segment', 'Integer', 'v.toString()'],
  ['totalSegments', 'Integer', 'v.toString()'],
  ['returnValues', 'String', 'AttributeValue.q(v)'],
  ['returnConsumedCapacity', 'String', 'AttributeValue.q(v)'],
  ['returnValuesOnConditionCheckFailure', 'String', 'AttributeValue.q(v)'],
];

function requestClass(operation: string): string {
  const setters = SETTERS.map(
    ([name, type, json]) =>
      `    public Builder ${name}(${type} v) { fields.put("${name.charAt(0).toUpperCase() + name.slice(1)}", ${json}); return this; }`,
  );
  return `package software.amazon.awssdk.services.dynamodb.model;
import java.util.*;
public final class ${operation}Request {
  public final String json;
  private ${operation}Request(String json) { this.json = json; }
  public static Builder builder() { return new Builder(); }
  static String names(Map<String, String> m) {
    Map<String, String> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, AttributeValue.q(v)));
    return AttributeValue.object(out);
  }
  public static final class Builder {
    private final Map<String, String> fields = new LinkedHashMap<>();
${setters.join('\n')}
    public ${operation}Request build() { return new ${operation}Request(AttributeValue.object(fields)); }
  }
}`;
}

function clientClass(): string {
  const methods = CODEGEN_OPERATIONS.map(
    (op) => `  public ${op}Response ${op.charAt(0).toLowerCase() + op.slice(1)}(${op}Request r) {
    System.out.println("{\\"operation\\":\\"${op}\\",\\"params\\":" + r.json + "}");
    return new ${op}Response();
  }`,
  );
  return `package software.amazon.awssdk.services.dynamodb;
import software.amazon.awssdk.services.dynamodb.model.*;
public final class DynamoDbClient implements AutoCloseable {
  public static DynamoDbClient create() { return new DynamoDbClient(); }
  public void close() {}
${methods.join('\n')}
}`;
}

export function runJava(programs: string[]): Array<{ operation: string; params: unknown }> {
  const dir = mkdtempSync(join(tmpdir(), 'codegen-java-'));
  try {
    const files: Array<[string, string]> = [
      ['software/amazon/awssdk/core/SdkBytes.java', SDK_BYTES],
      ['software/amazon/awssdk/services/dynamodb/model/AttributeValue.java', ATTRIBUTE_VALUE],
      ['software/amazon/awssdk/services/dynamodb/DynamoDbClient.java', clientClass()],
      ...CODEGEN_OPERATIONS.flatMap((op): Array<[string, string]> => [
        [`software/amazon/awssdk/services/dynamodb/model/${op}Request.java`, requestClass(op)],
        [`software/amazon/awssdk/services/dynamodb/model/${op}Response.java`, `package software.amazon.awssdk.services.dynamodb.model;\npublic final class ${op}Response {}`],
      ]),
      // Each program is renamed so that all of them compile and run in one JVM.
      ...programs.map((code, i): [string, string] => [`Program${i}.java`, code.replace(/public class \w+Example/, `public class Program${i}`)]),
      ['Runner.java', `public class Runner { public static void main(String[] a) { ${programs.map((_, i) => `Program${i}.main(a);`).join(' ')} } }`],
    ];
    for (const [path, source] of files) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    const compile = spawnSync('javac', ['-encoding', 'UTF-8', '-nowarn', '-d', 'out', ...files.map(([path]) => path)], { cwd: dir, encoding: 'utf8' });
    if (compile.status !== 0) throw new Error(compile.stderr || compile.stdout);
    const run = spawnSync('java', ['-cp', 'out', 'Runner'], { cwd: dir, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    // The programs also print the (stub) response; only the request lines are JSON.
    return run.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
