/** One value in one line, in the notation of the editor's mode (for the diff). */
import type { WireAttributeValue } from '@dynotable/core';
import type { EditMode } from './edited-item.js';
import { valueText } from './plain-json.js';
import { typedValueText } from './typed-json.js';

export function inlineValue(value: WireAttributeValue | undefined, mode: EditMode): string {
  if (value === undefined) return '';
  return mode === 'plain' ? valueText(value) : typedValueText(value);
}
