/** One entry point for every target, so callers can offer all of them by name. */
import { generateAwsCli } from './aws-cli.js';
import { generateGo } from './go.js';
import { generateJava } from './java.js';
import { generatePython } from './python.js';
import type { CodegenRequest } from './request.js';
import { generateTypeScript } from './typescript.js';
import { generateTypeScriptDocument } from './typescript-document.js';

export const CODEGEN_LANGUAGES = ['typescript', 'typescript-document', 'python', 'aws-cli', 'java', 'go'] as const;
export type CodegenLanguage = (typeof CODEGEN_LANGUAGES)[number];

const GENERATORS: Record<CodegenLanguage, (request: CodegenRequest) => string> = {
  typescript: generateTypeScript,
  'typescript-document': generateTypeScriptDocument,
  python: generatePython,
  'aws-cli': generateAwsCli,
  java: generateJava,
  go: generateGo,
};

/** A ready-to-paste program (or, for the AWS CLI, a command) sending the request. */
export function generateCode(request: CodegenRequest, language: CodegenLanguage): string {
  return GENERATORS[language](request);
}
