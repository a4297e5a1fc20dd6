/**
 * `--trigger TABLE=./handler.mjs[,name=value…]` read into settings. Options are
 * separated by commas outside braces, brackets and quotes, so a filter pattern
 * is written as JSON as it is: `filter={"eventName":["INSERT","MODIFY"]}`
 * (repeat `filter=` for up to five patterns, any of which lets a record through).
 */
import { resolve } from 'node:path';
import { DataError } from '../data/errors.js';
import { checkSettings, DEFAULT_SETTINGS } from './settings.js';
import type { TriggerSettings } from './settings.js';

const OPTION_NAMES = ['batchSize', 'window', 'start', 'bisect', 'retries', 'reportFailures', 'filter', 'timeout', 'onFailure'] as const;

function invalid(message: string): DataError {
  return new DataError('invalid', 'InvalidTrigger', message);
}

/** Splits at the commas that are not inside {…}, […] or "…". */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '\\') i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function wholeNumber(name: string, value: string): number {
  if (!/^-?\d+$/.test(value)) throw invalid(`${name} must be a whole number (got '${value}')`);
  return Number(value);
}

function yesNo(name: string, value: string): boolean {
  if (value === 'true' || value === '') return true;
  if (value === 'false') return false;
  throw invalid(`${name} is true or false (got '${value}')`);
}

/** Relative paths (the handler, the on-failure file) are taken from `cwd`. */
export function parseTriggerSpec(text: string, cwd = process.cwd()): TriggerSettings {
  const [target = '', ...options] = topLevelParts(text);
  const equals = target.indexOf('=');
  if (equals <= 0 || equals === target.length - 1) throw invalid(`a trigger is TABLE=./handler.mjs, then options such as ,batchSize=10 (got '${text}')`);
  const settings: { -readonly [K in keyof TriggerSettings]: TriggerSettings[K] } = {
    ...DEFAULT_SETTINGS,
    filters: [],
    table: target.slice(0, equals),
    handler: resolve(cwd, target.slice(equals + 1)),
  };
  const filters: string[] = [];
  for (const option of options) {
    const at = option.indexOf('=');
    const name = (at === -1 ? option : option.slice(0, at)).trim();
    const value = at === -1 ? '' : option.slice(at + 1).trim();
    switch (name as (typeof OPTION_NAMES)[number]) {
      case 'batchSize':
      case 'window':
      case 'retries':
      case 'timeout':
        settings[name as 'batchSize'] = wholeNumber(name, value);
        break;
      case 'start':
        settings.start = value.toUpperCase() as TriggerSettings['start'];
        break;
      case 'bisect':
      case 'reportFailures':
        settings[name as 'bisect'] = yesNo(name, value);
        break;
      case 'filter':
        filters.push(value);
        break;
      case 'onFailure':
        if (value === '') throw invalid('onFailure takes a file path, e.g. onFailure=./failures.jsonl');
        settings.onFailure = resolve(cwd, value);
        break;
      default:
        throw invalid(`unknown trigger option '${name}' (known: ${OPTION_NAMES.join(', ')})`);
    }
  }
  settings.filters = filters;
  return checkSettings(settings);
}
