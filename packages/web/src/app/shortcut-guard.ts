/**
 * When a single-letter shortcut may fire: never while the person is typing.
 * Typing means focus in a text field (input, textarea, select, anything
 * contenteditable such as a code editor, or an element with a text role),
 * anywhere inside a dialog, or while the palette is open or just closed: the
 * keystroke that closes it and those typed right after it were meant as
 * text, so shortcuts wait until focus lands on something that is not a text
 * field. Pure, so it is tested without a page.
 */

/** Where the keyboard focus is, as far as shortcuts care. */
export interface FocusPlace {
  /** A field that takes typed text (or a select, which takes letters to pick an option). */
  readonly textField: boolean;
  /** Inside a dialog, or a modal dialog is open over the page. */
  readonly inDialog: boolean;
}

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly defaultPrevented: boolean;
  /** A key pressed while an input method composes text (Japanese, Chinese…) is text. */
  readonly isComposing?: boolean;
}

/** closed → open → closing (until focus settles outside a text field) → closed. */
export type PalettePhase = 'closed' | 'open' | 'closing';

export function isPaletteKey(press: KeyPress): boolean {
  return (press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'k';
}

/** Whether a single-key shortcut may run for this key press. */
export function singleKeyAllowed(press: KeyPress, focus: FocusPlace, palette: PalettePhase): boolean {
  if (press.defaultPrevented || press.ctrlKey || press.metaKey || press.altKey || press.isComposing === true) return false;
  if (palette !== 'closed') return false;
  return !focus.textField && !focus.inDialog;
}

/** The palette's phase after focus moved somewhere: closing ends once focus is outside text fields and dialogs. */
export function phaseAfterFocus(phase: PalettePhase, focus: FocusPlace): PalettePhase {
  return phase === 'closing' && !focus.textField && !focus.inDialog ? 'closed' : phase;
}

const TEXT_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** What shortcuts ask of the focused element (an Element; a plain object in tests). */
export interface FocusedElement {
  readonly tagName: string;
  readonly isContentEditable?: boolean;
  getAttribute(name: string): string | null;
  closest(selector: string): unknown;
}

/** Where focus is: in a text field (by tag, editability or role) and in a dialog (or under an open modal one). */
export function classifyFocus(element: FocusedElement | null, modalOpen: boolean): FocusPlace {
  if (element === null) return { textField: false, inDialog: modalOpen };
  const textField =
    TEXT_TAGS.has(element.tagName.toUpperCase()) ||
    element.isContentEditable === true ||
    element.closest('[contenteditable]:not([contenteditable="false"])') !== null ||
    TEXT_ROLES.has(element.getAttribute('role') ?? '');
  const inDialog = modalOpen || element.closest('dialog, [role="dialog"], [role="alertdialog"]') !== null;
  return { textField, inDialog };
}

/** Reads a focus place off the page: the event's target (or the focused element), followed into shadow roots. */
export function focusPlaceOf(target: EventTarget | null, doc: Document): FocusPlace {
  let element = target instanceof Element ? target : doc.activeElement;
  // Focus inside a shadow root shows as its host: follow it down.
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  const modalOpen = doc.querySelector('dialog[open]') !== null;
  return classifyFocus(element instanceof HTMLElement ? element : null, modalOpen);
}
