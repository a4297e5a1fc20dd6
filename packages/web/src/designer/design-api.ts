/** The model tools the designer calls, typed as the server answers them (docs/api.md, "Model tools"). */
import type { DesignDecision, ExportedFile, InterchangeImport, Model, PatternMeaning, PatternPlan } from '@dynotable/core';
import { apiPost } from '../api/client.js';
import type { DesignRequest } from './design-request.js';

export interface DesignAnswer {
  readonly model: Model;
  readonly plans: readonly PatternPlan[];
  readonly decisions: readonly DesignDecision[];
  readonly mode: 'designed' | 'checked';
  readonly problems: readonly { readonly pattern?: string; readonly message: string }[];
}

export type QuestionReading =
  | { readonly ok: true; readonly meaning: PatternMeaning }
  | {
      readonly ok: false;
      readonly message: string;
      readonly understood: string;
      readonly notUnderstood: readonly string[];
      /** "newst" → "newest": what the grammar would read instead, by the word as written. */
      readonly suggestions?: Readonly<Record<string, string>>;
    };

/** The imported model, and its model file text. */
type ImportAnswer = InterchangeImport & { readonly yaml: string };

export const EXPORT_CHOICES = [
  { format: 'nosql-workbench', label: 'NoSQL Workbench JSON' },
  { format: 'cloudformation-json', label: 'CloudFormation (JSON)' },
  { format: 'cloudformation-yaml', label: 'CloudFormation (YAML)' },
  { format: 'cdk', label: 'CDK (TypeScript)' },
  { format: 'terraform', label: 'Terraform' },
] as const;

export type ExportChoice = (typeof EXPORT_CHOICES)[number]['format'];

/** The model a file holds, read by the server (the browser cannot compile the model's schema). */
export const parseModelRequest = (text: string, source: string) => apiPost<{ model: Model }>('/api/model/parse', { model: text, source });

/** Without the model file text: the design is redone on every keystroke, the text is wanted only on accepting it. */
export const designModelRequest = (request: DesignRequest, signal?: AbortSignal) => apiPost<DesignAnswer>('/api/model/design', { ...request, yaml: false }, signal);

export const readQuestionRequest = (question: string, signal?: AbortSignal) => apiPost<QuestionReading>('/api/model/read-question', { question }, signal);

/** The model (text or object) in another format; 'yaml' and 'json' give the model file itself. */
export const exportModelRequest = (model: string | Model, format: ExportChoice | 'yaml' | 'json', source?: string) =>
  apiPost<ExportedFile>('/api/model/export', { model, format, ...(source !== undefined ? { source } : {}) });

export const importWorkbenchRequest = (text: string, source?: string) =>
  apiPost<ImportAnswer>('/api/model/import', { text, format: 'nosql-workbench', ...(source !== undefined ? { source } : {}) });
