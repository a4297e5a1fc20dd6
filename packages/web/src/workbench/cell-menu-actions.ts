/** What the grid's cell menu offers: the value copied in three forms, the item (or the selected items) in two, and the value expanded. */
import type { WireAttributeValue, WireItem } from '@dynotable/core';
import { copyText } from './cell-format.js';
import type { MenuAction } from './CellMenu.js';
import { dynamoJsonText, itemsAsLines, plainItemText, plainJsonText } from './item-text.js';

type ItemForm = 'jsonl' | 'dynamodb-json';

const FORM_NAME: Record<ItemForm, string> = { jsonl: 'plain JSON', 'dynamodb-json': 'DynamoDB JSON' };

/** Items for the clipboard: one per line. */
export function itemsClipText(items: readonly WireItem[], form: ItemForm): string {
  return itemsAsLines(items, form).trimEnd();
}

export function countText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;
}

interface CellMenuInput {
  /** The active cell's attribute and value (undefined on the selection column, or when the item lacks it). */
  readonly name: string | undefined;
  readonly value: WireAttributeValue | undefined;
  readonly item: WireItem | undefined;
  readonly selectedCount: number;
  readonly selectedItems: () => WireItem[];
  /** Puts the text on the clipboard and says what was copied. */
  readonly copy: (text: string, what: string) => void;
  readonly expand: () => void;
}

export function cellMenuActions({ name, value, item, selectedCount, selectedItems, copy, expand }: CellMenuInput): MenuAction[] {
  const valueAction = (label: string, text: (value: WireAttributeValue) => string, how: string): MenuAction => ({
    label,
    disabled: value === undefined,
    run: () => value !== undefined && copy(text(value), `${name ?? ''}${how}`),
  });
  const itemAction = (form: ItemForm): MenuAction => {
    const as = FORM_NAME[form];
    if (selectedCount > 0) {
      return { label: `Copy ${countText(selectedCount)} selected as ${as}`, run: () => copy(itemsClipText(selectedItems(), form), `${countText(selectedCount)} as ${as}`) };
    }
    return {
      label: `Copy the item as ${as}`,
      disabled: item === undefined,
      run: () => item !== undefined && copy(form === 'jsonl' ? plainItemText(item) : dynamoJsonText(item), `the item as ${as}`),
    };
  };
  return [
    valueAction('Copy value', copyText, ''),
    valueAction('Copy value as plain JSON', plainJsonText, ' as plain JSON'),
    valueAction('Copy value as DynamoDB JSON', dynamoJsonText, ' as DynamoDB JSON'),
    itemAction('jsonl'),
    itemAction('dynamodb-json'),
    { label: 'Expand value', disabled: name === undefined, run: expand },
  ];
}
