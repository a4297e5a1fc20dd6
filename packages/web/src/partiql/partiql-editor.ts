/**
 * The statement's text as a CodeMirror editor: PartiQL colouring (keywords,
 * strings, quoted names, numbers, `?` parameters; the colours are the
 * stylesheet's) and completion of keywords, table and index names and
 * attribute names. Loaded on demand, like the item editor's.
 */
import { autocompletion, completionKeymap, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { StreamLanguage, syntaxHighlighting, type StringStream } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';

const PARTIQL_WORDS = [
  'SELECT', 'FROM', 'WHERE', 'AND', 'OR', 'NOT', 'IN', 'BETWEEN', 'IS', 'MISSING', 'NULL', 'TRUE', 'FALSE', 'ORDER', 'BY', 'ASC', 'DESC',
  'INSERT', 'INTO', 'VALUE', 'UPDATE', 'SET', 'REMOVE', 'DELETE', 'RETURNING', 'ALL', 'OLD', 'NEW', 'MODIFIED',
  // The types `x IS <type>` checks.
  'STRING', 'NUMERIC', 'LIST', 'STRUCT', 'TUPLE', 'BOOLEAN', 'BOOL', 'BLOB',
  'begins_with', 'contains', 'attribute_exists', 'attribute_not_exists', 'attribute_type', 'size', 'list_append', 'set_add', 'set_delete', 'if_not_exists',
];
const KEYWORDS = new Set(PARTIQL_WORDS.map((word) => word.toLowerCase()));

interface TokenState {
  inString: "'" | '"' | undefined;
}

function token(stream: StringStream, state: TokenState): string | null {
    if (state.inString !== undefined) {
      const quote = state.inString;
      while (!stream.eol()) {
        const next = stream.next();
        if (next === quote) {
          if (stream.peek() === quote) stream.next();
          else {
            state.inString = undefined;
            break;
          }
        }
      }
      return quote === "'" ? 'string' : 'variableName.special';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('--')) {
      stream.skipToEnd();
      return 'comment';
    }
    const next = stream.peek();
    if (next === "'" || next === '"') {
      stream.next();
      state.inString = next;
      return token(stream, state);
    }
    if (stream.match(/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?/i)) return 'number';
    if (stream.eat('?')) return 'meta';
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) return KEYWORDS.has(stream.current().toLowerCase()) ? 'keyword' : 'variableName';
    if (stream.match(/^(<>|!=|<=|>=|<<|>>|[=<>+\-*/.,()[\]{}:])/)) return 'operator';
    stream.next();
    return null;
}

const partiql = StreamLanguage.define<TokenState>({ name: 'partiql', startState: () => ({ inString: undefined }), token });

export interface CompletionNames {
  readonly tables: readonly string[];
  readonly indexes: readonly string[];
  readonly attributes: readonly string[];
}

function quoteIfNeeded(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name.toLowerCase()) ? name : `"${name.replace(/"/g, '""')}"`;
}

function completion(names: () => CompletionNames) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/"?[A-Za-z0-9_#.-]*$/);
    if (word === null || (word.from === word.to && !context.explicit)) return null;
    const before = context.state.sliceDoc(Math.max(0, word.from - 40), word.from);
    const known = names();
    const afterFrom = /\b(from|into|update)\s*$/i.test(before);
    const afterTableDot = /"\s*\.\s*$|[A-Za-z0-9_]\.\s*$/.test(before) && /\bfrom\b/i.test(context.state.sliceDoc(0, word.from));
    const options = afterTableDot
      ? known.indexes.map((name) => ({ label: `"${name}"`, type: 'class', detail: 'index' }))
      : afterFrom
        ? known.tables.map((name) => ({ label: `"${name}"`, type: 'class', detail: 'table' }))
        : [
            ...known.attributes.map((name) => ({ label: quoteIfNeeded(name), type: 'property' })),
            ...PARTIQL_WORDS.map((label) => ({ label, type: 'keyword' })),
          ];
    return { from: word.from, options };
  };
}

export interface PartiqlEditorOptions {
  readonly text: string;
  readonly attributes: Record<string, string>;
  readonly names: () => CompletionNames;
  readonly onChange: (text: string) => void;
  /** Control+Enter. */
  readonly onRun: () => void;
}

export interface PartiqlEditor {
  setText(text: string): void;
  destroy(): void;
}

export function createPartiqlEditor(parent: HTMLElement, options: PartiqlEditorOptions): PartiqlEditor {
  const attributes = new Compartment();
  let applying = false;
  const run = { key: 'Mod-Enter', run: () => (options.onRun(), true) };
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        history(),
        partiql,
        syntaxHighlighting(classHighlighter),
        autocompletion({ override: [completion(options.names)], icons: false }),
        keymap.of([run, ...completionKeymap, ...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        attributes.of(EditorView.contentAttributes.of(options.attributes)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !applying) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    setText(text) {
      if (text === view.state.doc.toString()) return;
      applying = true;
      try {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      } finally {
        applying = false;
      }
    },
    destroy() {
      view.destroy();
    },
  };
}
