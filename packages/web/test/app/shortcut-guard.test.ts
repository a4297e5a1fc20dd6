/** Single-letter shortcuts wait while the person types: in a field, in a dialog, and around the palette. */
import { describe, expect, it } from 'vitest';
import { classifyFocus, isPaletteKey, phaseAfterFocus, singleKeyAllowed, type FocusedElement, type FocusPlace, type KeyPress } from '../../src/app/shortcut-guard.js';

/** An element as the guard sees it: its tag, attributes, and the ancestors `closest` finds (by the selector's first word). */
function element(tagName: string, options: { attributes?: Record<string, string>; editable?: boolean; inside?: readonly ('contenteditable' | 'dialog')[] } = {}): FocusedElement {
  return {
    tagName,
    isContentEditable: options.editable ?? false,
    getAttribute: (name) => options.attributes?.[name] ?? null,
    closest: (selector) => ((options.inside ?? []).some((ancestor) => selector.startsWith(ancestor === 'dialog' ? 'dialog' : '[contenteditable]')) ? {} : null),
  };
}

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, ...extra });
const onPage: FocusPlace = { textField: false, inDialog: false };
const inField: FocusPlace = { textField: true, inDialog: false };
const inDialog: FocusPlace = { textField: false, inDialog: true };

describe('the shortcut guard', () => {
  it('lets a single key through on the page, with the palette closed', () => {
    expect(singleKeyAllowed(press('e'), onPage, 'closed')).toBe(true);
  });

  it('holds it while focus is in a text field (input, textarea, select, a contenteditable code editor)', () => {
    expect(singleKeyAllowed(press('w'), inField, 'closed')).toBe(false);
  });

  it('holds it inside a dialog, or while one is open', () => {
    expect(singleKeyAllowed(press('w'), inDialog, 'closed')).toBe(false);
  });

  it('holds it while the palette is open, and while it is closing until focus settles outside text fields', () => {
    expect(singleKeyAllowed(press('e'), onPage, 'open')).toBe(false);
    // The keystrokes typed right after closing: "query" must not open the Update-table dialog.
    expect(singleKeyAllowed(press('e'), onPage, 'closing')).toBe(false);
    expect(phaseAfterFocus('closing', inField)).toBe('closing');
    expect(phaseAfterFocus('closing', inDialog)).toBe('closing');
    expect(phaseAfterFocus('closing', onPage)).toBe('closed');
    expect(singleKeyAllowed(press('e'), onPage, phaseAfterFocus('closing', onPage))).toBe(true);
    // Focus moving while the palette is open does not close it.
    expect(phaseAfterFocus('open', onPage)).toBe('open');
  });

  it('leaves keys with modifiers and keys already handled alone', () => {
    expect(singleKeyAllowed(press('w', { ctrlKey: true }), onPage, 'closed')).toBe(false);
    expect(singleKeyAllowed(press('w', { altKey: true }), onPage, 'closed')).toBe(false);
    expect(singleKeyAllowed(press('w', { defaultPrevented: true }), onPage, 'closed')).toBe(false);
  });

  it('tells text fields: input, textarea, select, contenteditable (a code editor, and what is inside one), text roles', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT', 'input']) expect(classifyFocus(element(tag), false)).toEqual(inField);
    expect(classifyFocus(element('DIV', { editable: true }), false)).toEqual(inField);
    // A line of a CodeMirror editor: inside its contenteditable content element.
    expect(classifyFocus(element('SPAN', { inside: ['contenteditable'] }), false)).toEqual(inField);
    expect(classifyFocus(element('DIV', { attributes: { role: 'textbox' } }), false)).toEqual(inField);
    expect(classifyFocus(element('DIV', { attributes: { role: 'combobox' } }), false)).toEqual(inField);
    expect(classifyFocus(element('BUTTON'), false)).toEqual(onPage);
    expect(classifyFocus(element('A'), false)).toEqual(onPage);
    expect(classifyFocus(null, false)).toEqual(onPage);
  });

  it('tells dialogs: inside one, or a modal one open over the page', () => {
    expect(classifyFocus(element('BUTTON', { inside: ['dialog'] }), false)).toEqual(inDialog);
    expect(classifyFocus(element('BUTTON'), true)).toEqual(inDialog);
    expect(classifyFocus(null, true)).toEqual(inDialog);
    expect(classifyFocus(element('INPUT', { inside: ['dialog'] }), false)).toEqual({ textField: true, inDialog: true });
  });

  it('holds keys typed while an input method composes', () => {
    expect(singleKeyAllowed(press('w', { isComposing: true }), onPage, 'closed')).toBe(false);
  });

  it('knows the palette key with Ctrl or Cmd, without Alt', () => {
    expect(isPaletteKey(press('k', { ctrlKey: true }))).toBe(true);
    expect(isPaletteKey(press('K', { metaKey: true }))).toBe(true);
    expect(isPaletteKey(press('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteKey(press('k'))).toBe(false);
  });
});
