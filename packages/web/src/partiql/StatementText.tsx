/** The statement in the PartiQL editor, loaded when the PartiQL pane first opens; the text is the parent's. */
import { useEffect, useRef, useState } from 'react';
import type { CompletionNames, PartiqlEditor } from './partiql-editor.js';

interface StatementTextProps {
  readonly text: string;
  readonly label: string;
  readonly names: CompletionNames;
  readonly onChange: (text: string) => void;
  readonly onRun: () => void;
}

export function StatementText(props: StatementTextProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<PartiqlEditor | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import('./partiql-editor.js').then(
      ({ createPartiqlEditor }) => {
        if (cancelled || host.current === null) return;
        editor.current = createPartiqlEditor(host.current, {
          text: latest.current.text,
          attributes: { 'aria-label': latest.current.label, 'aria-multiline': 'true' },
          names: () => latest.current.names,
          onChange: (text) => latest.current.onChange(text),
          onRun: () => latest.current.onRun(),
        });
        setReady(true);
      },
      () => setFailed('The statement editor could not be loaded. Reload the page to try again.'),
    );
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = undefined;
    };
  }, []);

  useEffect(() => editor.current?.setText(props.text), [props.text]);

  return (
    <div ref={host} className="ed-code wb-mono pq-editor" aria-busy={!ready && failed === undefined}>
      {failed !== undefined && (
        <p className="error-note" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}
