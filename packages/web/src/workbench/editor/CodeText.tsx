/**
 * The item's text in the code editor, which is loaded when the first editor
 * opens (not with the workbench). The text is the parent's: every change is
 * reported, and a new text from the parent (a tree edit, a reload) replaces
 * the editor's.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { CodeEditor } from './code-editor.js';

export interface CodeTextHandle {
  focus(): void;
  select(offset: number): void;
}

interface CodeTextProps {
  readonly text: string;
  readonly readOnly: boolean;
  readonly labelledBy: string;
  readonly describedBy: string | undefined;
  readonly invalid: boolean;
  readonly names: readonly string[];
  readonly onChange: (text: string) => void;
  /** Called once the editor is there (the dialog puts the cursor in it). */
  readonly onReady: () => void;
}

function attributesOf(props: CodeTextProps): Record<string, string> {
  return {
    'aria-labelledby': props.labelledBy,
    'aria-invalid': String(props.invalid),
    'aria-readonly': String(props.readOnly),
    'aria-keyshortcuts': 'Control+S Meta+S',
    ...(props.describedBy !== undefined ? { 'aria-describedby': props.describedBy } : {}),
  };
}

export const CodeText = forwardRef<CodeTextHandle, CodeTextProps>(function CodeText(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditor | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const [ready, setReady] = useState(false);

  useImperativeHandle(ref, () => ({
    focus: () => editor.current?.focus(),
    select: (offset) => editor.current?.select(offset),
  }));

  useEffect(() => {
    let cancelled = false;
    // After the frame that shows the rest of the editor (the tree first, on a large item).
    const painted = new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    Promise.all([import('./code-editor.js'), painted]).then(
      ([{ createCodeEditor }]) => {
        if (cancelled || host.current === null) return;
        const now = latest.current;
        editor.current = createCodeEditor(host.current, {
          text: now.text,
          readOnly: now.readOnly,
          attributes: attributesOf(now),
          names: () => latest.current.names,
          onChange: (text) => latest.current.onChange(text),
        });
        setReady(true);
        now.onReady();
      },
      () => setFailed('The text editor could not be loaded. Reload the page to try again.'),
    );
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = undefined;
    };
  }, []);

  useEffect(() => editor.current?.setText(props.text), [props.text]);
  useEffect(() => editor.current?.setReadOnly(props.readOnly), [props.readOnly]);
  const attributes = JSON.stringify(attributesOf(props));
  useEffect(() => editor.current?.setAttributes(JSON.parse(attributes) as Record<string, string>), [attributes]);

  return (
    <div ref={host} className={`ed-code wb-mono${props.invalid ? ' ed-code-invalid' : ''}`} aria-busy={!ready && failed === undefined}>
      {failed !== undefined && (
        <p className="error-note" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
});
