/**
 * The model tools behind the API, one function each: what the CLI's model
 * commands do, as JSON in and out for the web UI.
 */
import {
  compareMoveWithIndexUpdate,
  costModel,
  CostModelError,
  designModel,
  exportModel,
  generateDataAccessModule,
  generateIntegrationTest,
  importModel,
  InterchangeError,
  LINT_RULES,
  lintModel,
  modelFromQuestions,
  patternSnippets,
  PatternError,
  readQuestion,
  serializeModel,
  summarizeLint,
} from '@dynotable/core';
import type { ExportFormat, Model, PriceOverride } from '@dynotable/core';
import { ApiError } from '../route.js';
import { modelToolError } from './model-input.js';

/** Runs a core tool, turning its own errors into the API's. */
function tool<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CostModelError) throw new ApiError(400, 'CostModelError', error.message);
    if (error instanceof InterchangeError) throw new ApiError(400, 'InvalidImport', error.message);
    throw modelToolError(error);
  }
}

export function parseTool(model: Model) {
  const lint = lintModel(model);
  return { model, lint, lintSummary: summarizeLint(lint) };
}

export function designTool(model: Model, withYaml = true) {
  const result = tool(() => designModel(model));
  return withYaml ? { ...result, yaml: serializeModel(result.model, 'yaml') } : result;
}

export function modelOfQuestions(questions: readonly string[], name?: string): Model {
  return tool(() => modelFromQuestions(questions, name));
}

export function lintTool(model: Model, rules?: readonly string[]) {
  const unknown = (rules ?? []).filter((id) => !LINT_RULES.some((rule) => rule.id === id));
  if (unknown.length > 0) {
    throw new ApiError(400, 'ValidationException', `rules: unknown rule ${unknown.map((id) => `'${id}'`).join(', ')}; the rules are ${LINT_RULES.map((rule) => rule.id).join(', ')}`);
  }
  const findings = lintModel(model, rules === undefined ? {} : { rules });
  return { findings, summary: summarizeLint(findings), rules: LINT_RULES };
}

export function costTool(model: Model | undefined, prices: PriceOverride | undefined, itemBytes: number | undefined) {
  return tool(() => ({
    ...(model !== undefined ? { report: costModel(model, prices) } : {}),
    ...(itemBytes !== undefined ? { moveComparison: compareMoveWithIndexUpdate(itemBytes, prices) } : {}),
  }));
}

function modelFileName(model: Model, extension: string): string {
  const stem = model.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'model';
  return `${stem}.${extension}`;
}

export function exportTool(model: Model, format: ExportFormat | 'yaml' | 'json') {
  if (format === 'yaml' || format === 'json') return { fileName: modelFileName(model, format === 'yaml' ? 'yaml' : 'json'), text: serializeModel(model, format), warnings: [] };
  return tool(() => exportModel(model, format));
}

export function importTool(text: string, format?: 'nosql-workbench' | 'dynotable', source?: string) {
  const imported = tool(() => importModel(text, format, source));
  return { ...imported, yaml: serializeModel(imported.model, 'yaml') };
}

export function codegenTool(model: Model, pattern?: string) {
  if (pattern !== undefined) {
    if (!model.accessPatterns.some((each) => each.name === pattern)) {
      const names = model.accessPatterns.map((each) => each.name).join(', ');
      throw new ApiError(400, 'ValidationException', `pattern: the model has no access pattern '${pattern}'; it has ${names || 'none'}`);
    }
    return { pattern, snippets: tool(() => patternSnippets(model, pattern)) };
  }
  return { files: tool(() => [generateDataAccessModule(model), generateIntegrationTest(model)]) };
}

/** For live feedback while typing: a PatternError is an answer here, not a failure. */
export function readQuestionTool(question: string, model?: Model, order?: string) {
  try {
    return { ok: true as const, meaning: readQuestion(question, model, order) };
  } catch (error) {
    if (error instanceof PatternError) {
      return { ok: false as const, message: error.message, understood: error.understood, notUnderstood: error.notUnderstood, suggestions: error.suggestions };
    }
    throw error;
  }
}
