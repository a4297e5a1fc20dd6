/**
 * The query builder's requests: the generated data-access module and its
 * integration test for the model, and one access pattern as boto3 and AWS CLI
 * (POST /api/model/codegen, with or without `pattern`).
 */
import { apiPost } from '../api/client.js';
import type { ModelDocument } from '../model-store/model-store.js';

export interface GeneratedFile {
  readonly fileName: string;
  readonly source: string;
}

export interface PatternSnippets {
  readonly python: string;
  readonly cli: string;
}

export const generateFiles = (document: ModelDocument, signal?: AbortSignal) =>
  apiPost<{ files: GeneratedFile[] }>('/api/model/codegen', { model: document.text, source: document.fileName }, signal).then((answer) => answer.files);

export const generateSnippets = (document: ModelDocument, pattern: string, signal?: AbortSignal) =>
  apiPost<{ pattern: string; snippets: PatternSnippets }>('/api/model/codegen', { model: document.text, source: document.fileName, pattern }, signal).then(
    (answer) => answer.snippets,
  );
