/** Attribute rules: enums with values, sensible ranges, formats where they mean something. */
import type { ProblemList } from '../errors.js';
import type { AttributeSpec, EntitySpec } from '../types.js';
import { checkUnique } from './names.js';

const TIMESTAMP_FORMATS = ['iso8601', 'epoch-seconds', 'epoch-millis'];
const NUMBER_FORMATS = ['number', 'string'];

function checkFormat(problems: ProblemList, path: string, attribute: AttributeSpec): void {
  const format = attribute.format;
  if (format === undefined) return;
  if (format.trim() === '') {
    problems.add(`${path}.format`, 'format is empty; remove it or name a format');
    return;
  }
  switch (attribute.type) {
    case 'timestamp':
      // Any other text is a pattern such as M/D/YYYY, which the linter judges.
      if (!TIMESTAMP_FORMATS.includes(format) && !/[YMDHhms]/.test(format)) {
        problems.add(`${path}.format`, `"${format}" is not a timestamp format; use iso8601, epoch-seconds, epoch-millis or a pattern such as YYYY-MM-DDTHH:mm:ssZ`);
      }
      return;
    case 'date':
      if (!/[YMD]/.test(format)) problems.add(`${path}.format`, `"${format}" is not a date pattern; use YYYY-MM-DD or another pattern of Y, M and D`);
      return;
    case 'number':
      if (!NUMBER_FORMATS.includes(format)) problems.add(`${path}.format`, `"${format}" is not a number format; use "number" (stored as N) or "string" (digits stored as S)`);
      return;
    default:
      problems.add(`${path}.format`, `format applies to timestamp, date and number attributes, not ${attribute.type}; remove it`);
  }
}

function checkEnum(problems: ProblemList, path: string, attribute: AttributeSpec): void {
  if (attribute.type === 'enum') {
    if (!attribute.values || attribute.values.length === 0) {
      problems.add(`${path}.values`, 'an enum needs its allowed values: `values: [open, pending, closed]`');
      return;
    }
    checkUnique(problems, attribute.values, () => `${path}.values`, 'enum value');
    if (attribute.values.some((value) => value === '')) problems.add(`${path}.values`, 'an enum value is empty; remove it');
  } else if (attribute.values !== undefined) {
    problems.add(`${path}.values`, `values list the choices of an enum; set type: enum or remove values (the type is ${attribute.type})`);
  }
}

function checkRanges(problems: ProblemList, path: string, attribute: AttributeSpec): void {
  if (attribute.min !== undefined && attribute.max !== undefined && attribute.min > attribute.max) {
    problems.add(`${path}.min`, `min ${attribute.min} is greater than max ${attribute.max}; swap them`);
  }
  if (attribute.minLength !== undefined && attribute.maxLength !== undefined && attribute.minLength > attribute.maxLength) {
    problems.add(`${path}.minLength`, `minLength ${attribute.minLength} is greater than maxLength ${attribute.maxLength}; swap them`);
  }
  const numeric = attribute.type === 'number';
  if (!numeric && (attribute.min !== undefined || attribute.max !== undefined || attribute.integer !== undefined)) {
    problems.add(path, `min, max and integer apply to number attributes, not ${attribute.type}; remove them or set type: number`);
  }
  if (attribute.integer === true) {
    for (const bound of ['min', 'max'] as const) {
      const value = attribute[bound];
      if (value !== undefined && !Number.isInteger(value)) problems.add(`${path}.${bound}`, `${bound} ${value} is not a whole number, but the attribute is integer`);
    }
  }
}

export function checkAttributes(problems: ProblemList, entityPath: string, entity: EntitySpec): void {
  const path = `${entityPath}.attributes`;
  checkUnique(problems, entity.attributes.map((attribute) => attribute.name), (name) => `${path}.${name}`, 'attribute');
  for (const attribute of entity.attributes) {
    const attributePath = `${path}.${attribute.name}`;
    if (attribute.name === '') problems.add(path, 'an attribute has an empty name; name it');
    checkFormat(problems, attributePath, attribute);
    checkEnum(problems, attributePath, attribute);
    checkRanges(problems, attributePath, attribute);
  }
}
