/**
 * Work the user has typed and not saved (an item editor's text, a model
 * file's edits), in one place, so that closing a tab, moving to another
 * area or leaving the page can ask first. Each holder registers a function
 * that says, in a few words, what would be lost (or null when nothing is).
 */

type Describe = () => string | null;

const holders = new Map<string, Describe>();

/** Registers a holder of unsaved work; the returned function unregisters it. */
export function registerUnsavedWork(id: string, describe: Describe): () => void {
  holders.set(id, describe);
  return () => {
    if (holders.get(id) === describe) holders.delete(id);
  };
}

/** What would be lost now, one line per holder whose id starts with `scope` ('' for all). */
export function unsavedWork(scope = ''): string[] {
  const lost: string[] = [];
  for (const [id, describe] of holders) {
    if (!id.startsWith(scope)) continue;
    const what = describe();
    if (what !== null) lost.push(what);
  }
  return lost;
}

let listening = false;

/** Makes the browser ask before the page is closed or reloaded while anything is unsaved. */
export function guardPageUnload(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('beforeunload', (event) => {
    if (unsavedWork().length === 0) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  });
}
