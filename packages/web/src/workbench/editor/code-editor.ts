/**
 * The item's text as a CodeMirror editor: JSON colouring (the colours are the
 * stylesheet's, per theme), bracket matching, and attribute names completed
 * where a name is written. Loaded on demand, so the workbench's first paint
 * does not carry it.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, closeCompletion, completionKeymap, completionStatus, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';

export interface CodeEditorOptions {
  readonly text: string;
  readonly readOnly: boolean;
  /** The content's accessible attributes: its label, description and state. */
  readonly attributes: Record<string, string>;
  /** Attribute names to offer where a name is written. */
  readonly names: () => readonly string[];
  readonly onChange: (text: string) => void;
}

export interface CodeEditor {
  setText(text: string): void;
  setReadOnly(readOnly: boolean): void;
  setAttributes(attributes: Record<string, string>): void;
  focus(): void;
  select(offset: number): void;
  destroy(): void;
}

/** A name is being written: a quote just after `{` or `,` (whitespace between). */
function nameCompletion(names: () => readonly string[]) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/"[^"\\\s]*$/);
    if (word === null) return null;
    const before = context.state.sliceDoc(Math.max(0, word.from - 200), word.from).trimEnd();
    if (!before.endsWith('{') && !before.endsWith(',')) return null;
    const options = names().map((name) => ({ label: name, type: 'property', apply: JSON.stringify(name).slice(1, -1) }));
    return { from: word.from + 1, options, validFor: /^[^"\\\s]*$/ };
  };
}

/**
 * Escape belongs to the dialog (it asks before closing), except while the
 * list of completions is shown, which it closes. (A completion still being
 * looked up is not shown, so it does not keep Escape from the dialog.)
 */
const closeShownCompletions = { key: 'Escape', run: (view: EditorView) => completionStatus(view.state) === 'active' && closeCompletion(view) };
const withoutEscape = <T extends { key?: string }>(bindings: readonly T[]) => bindings.filter((binding) => binding.key !== 'Escape');
// The completion keys first: while the list is shown, arrows and Enter move in it and take a name.
const keys = [closeShownCompletions, ...withoutEscape(completionKeymap), ...closeBracketsKeymap, ...withoutEscape(defaultKeymap), ...historyKeymap];

export function createCodeEditor(parent: HTMLElement, options: CodeEditorOptions): CodeEditor {
  const editable = new Compartment();
  const attributes = new Compartment();
  const editableState = (readOnly: boolean) => [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
  let applying = false;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        lineNumbers(),
        history(),
        json(),
        syntaxHighlighting(classHighlighter),
        bracketMatching(),
        closeBrackets(),
        autocompletion({ override: [nameCompletion(options.names)], icons: false, defaultKeymap: false }),
        keymap.of(keys),
        EditorView.lineWrapping,
        editable.of(editableState(options.readOnly)),
        attributes.of(EditorView.contentAttributes.of(options.attributes)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !applying) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  return {
    setText(text) {
      const current = view.state.doc.toString();
      if (text === current) return;
      // Only the changed middle is replaced, so the cursor stays where it was when it can.
      let start = 0;
      while (start < text.length && start < current.length && text[start] === current[start]) start++;
      let end = 0;
      while (end < text.length - start && end < current.length - start && text[text.length - 1 - end] === current[current.length - 1 - end]) end++;
      applying = true;
      try {
        view.dispatch({ changes: { from: start, to: current.length - end, insert: text.slice(start, text.length - end) } });
      } finally {
        applying = false;
      }
    },
    setReadOnly(readOnly) {
      view.dispatch({ effects: editable.reconfigure(editableState(readOnly)) });
    },
    setAttributes(next) {
      view.dispatch({ effects: attributes.reconfigure(EditorView.contentAttributes.of(next)) });
    },
    focus() {
      view.focus();
    },
    select(offset) {
      const at = Math.min(offset, view.state.doc.length);
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      view.focus();
    },
    destroy() {
      view.destroy();
    },
  };
}
