/**
 * Runs a generated TypeScript program for real: transpiled by the TypeScript
 * compiler, with the AWS SDK replaced by stubs that capture the command input.
 */
import ts from 'typescript';
import { NumberValueImpl } from '@aws-sdk/util-dynamodb';

export interface Captured {
  command: string;
  input: Record<string, unknown>;
}

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;

/** Syntax errors of a TypeScript program (no type check: the SDK is not resolved). */
export function syntaxErrors(code: string): string[] {
  const result = ts.transpileModule(code, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  return (result.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

export async function runTypeScript(code: string): Promise<Captured[]> {
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const captured: Captured[] = [];
  const command = (name: string) =>
    class {
      constructor(input: Record<string, unknown>) {
        captured.push({ command: name, input });
      }
    };
  const commands = new Proxy({} as Record<string, unknown>, {
    get: (target, name) => (typeof name === 'string' && name.endsWith('Command') ? command(name) : target[name as string]),
  });
  const client = { send: async () => ({}) };
  const modules: Record<string, unknown> = {
    '@aws-sdk/client-dynamodb': new Proxy(commands, {
      get: (target, name) => (name === 'DynamoDBClient' ? class { send = client.send } : Reflect.get(target, name)),
    }),
    '@aws-sdk/lib-dynamodb': new Proxy(commands, {
      get: (target, name) => {
        if (name === 'DynamoDBDocumentClient') return { from: () => client };
        if (name === 'NumberValue') return NumberValueImpl;
        return Reflect.get(target, name);
      },
    }),
  };
  const require = (name: string) => {
    if (!(name in modules)) throw new Error(`unexpected import ${name}`);
    return modules[name];
  };
  const quiet = { log: () => {}, dir: () => {} };
  await new AsyncFunction('require', 'exports', 'console', 'Buffer', js)(require, {}, quiet, Buffer);
  return captured;
}
