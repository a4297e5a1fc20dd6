/**
 * patternSnippets: an access pattern as a ready-to-run boto3 program and AWS
 * CLI command, through core's code generators, with placeholder arguments
 * (`<playerId>`) the reader replaces.
 */
import { generateCode } from '../request-code/index.js';
import { requestForPlan } from '../design/index.js';
import type { Model, PatternPlan } from '../model/types.js';
import { plansForModel } from './data-access-module.js';
import { findAttributeSpec, findEntitySpec } from './entity-info.js';

export interface PatternSnippets {
  readonly python: string;
  readonly cli: string;
}

/** A placeholder that still fits the key format, so the request can be built: numbers and times need real-looking values. */
function placeholder(model: Model, plan: PatternPlan, parameter: string): unknown {
  const entity = findEntitySpec(model, plan.entity);
  const range = plan.sort?.operator === 'between' ? plan.sort.rangeAttribute : undefined;
  const isEnd = range !== undefined && (parameter === `${range}From` || parameter === `${range}To`);
  const attribute = findAttributeSpec(entity, isEnd ? range! : parameter);
  const templates = [plan.partition?.template ?? '', plan.sort?.template ?? ''];
  const name = isEnd ? range! : parameter;
  const format = templates.flatMap((template) => [...template.matchAll(/\{([^{}:]+)(?::([^{}]*))?\}/g)]).find((match) => match[1] === name)?.[2];
  if (format !== undefined && /^0\d+$/.test(format)) return parameter.endsWith('To') ? 99 : 0;
  if (format !== undefined && /^d\d+\.\d+$/.test(format)) return parameter.endsWith('To') ? '99.5' : '0';
  if (format !== undefined && format.startsWith('iso')) return parameter.endsWith('To') ? '2026-06-23T23:59:59Z' : '2026-06-23T00:00:00Z';
  if (attribute?.type === 'number') return parameter.endsWith('To') ? 99 : 0;
  return `<${parameter}>`;
}

/** The placeholder arguments a snippet is built with. */
export function snippetArguments(model: Model, plan: PatternPlan): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const parameter of plan.parameters) args[parameter] = placeholder(model, plan, parameter);
  return args;
}

export function patternSnippets(model: Model, patternName: string, plans?: readonly PatternPlan[]): PatternSnippets {
  const plan = plansForModel(model, plans).find((candidate) => candidate.pattern === patternName);
  if (!plan) throw new Error(`the model has no access pattern ${patternName}`);
  const request = requestForPlan(model, plan, snippetArguments(model, plan));
  return { python: generateCode(request, 'python'), cli: generateCode(request, 'aws-cli') };
}
