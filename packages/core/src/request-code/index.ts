/**
 * Request code: one DynamoDB request as AWS CLI, Go, Java, Python and
 * TypeScript, what the web's expression builder and `dynotable expr` show.
 */
export { CODEGEN_OPERATIONS, requestFields } from './request.js';
export { getRequestParams, readRequestParams } from './read-params.js';
export type { GetFields, ReadFields } from './read-params.js';
export type { CodegenOperation, CodegenParams, CodegenRequest, FieldKind, RequestField } from './request.js';
export { CODEGEN_LANGUAGES, generateCode } from './generate.js';
export type { CodegenLanguage } from './generate.js';
export { generateTypeScript, typeScriptInput } from './typescript.js';
export { generateTypeScriptDocument, documentClientInput } from './typescript-document.js';
export { generatePython } from './python.js';
export { generateAwsCli } from './aws-cli.js';
export { generateJava } from './java.js';
export { generateGo } from './go.js';
export { tsString, pyString, javaString, goString, shellWord } from './escape.js';
export { toWireRequest } from './wire-request.js';
export { generateStatementCode, STATEMENT_LANGUAGES } from './statement-code.js';
export type { StatementLanguage, StatementRequest } from './statement-code.js';
