/**
 * The item editor's text, which is a code editor (a contenteditable, not a
 * textarea): read whole from the editor's own document, with its lines as
 * drawn when that is not reachable.
 */
import type { Locator } from 'playwright-core';

export async function editorTextOf(content: Locator): Promise<string> {
  return content.evaluate((element) => {
    const view = (element as HTMLElement & { cmTile?: { root?: { view?: { state: { doc: { toString(): string } } } } } }).cmTile?.root?.view;
    if (view !== undefined) return view.state.doc.toString();
    return Array.from(element.querySelectorAll('.cm-line'), (line) => line.textContent ?? '').join('\n');
  });
}

/** Whether the editor's text can be changed (the code editor says so on its content). */
export async function editorIsReadOnly(content: Locator): Promise<boolean> {
  return (await content.getAttribute('aria-readonly')) === 'true';
}
