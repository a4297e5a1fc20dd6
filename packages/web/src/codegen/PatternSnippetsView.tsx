/** One access pattern as a boto3 snippet and an AWS CLI command; the chosen pattern lives in the URL. */
import { useId } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import type { ModelDocument } from '../model-store/model-store.js';
import { generateSnippets } from './codegen-api.js';
import { CodeView } from './CodeView.js';
import { CopyButton } from './CopyButton.js';
import { useGenerated } from './use-generated.js';

interface PatternSnippetsProps {
  readonly document: ModelDocument;
  readonly patterns: readonly { readonly name: string; readonly question: string }[];
  readonly chosen: string | undefined;
  readonly onChoose: (pattern: string) => void;
}

function Snippet({ title, source, label }: { readonly title: string; readonly source: string; readonly label: string }) {
  return (
    <section className="codegen-snippet" aria-label={label}>
      <div className="codegen-file-bar">
        <h3>{title}</h3>
        <span className="codegen-actions">
          <CopyButton text={source} label={label} />
        </span>
      </div>
      <CodeView source={source} label={`Source of ${label}`} />
    </section>
  );
}

export function PatternSnippetsView({ document, patterns, chosen, onChoose }: PatternSnippetsProps) {
  const selectId = useId();
  const pattern = patterns.find((each) => each.name === chosen) ?? patterns[0];
  const key = pattern === undefined ? undefined : JSON.stringify([document.text, document.fileName, pattern.name]);
  const snippets = useGenerated(key, (signal) => generateSnippets(document, pattern!.name, signal));
  return (
    <section aria-labelledby="codegen-patterns">
      <h2 id="codegen-patterns">Per access pattern</h2>
      {pattern === undefined ? (
        <p className="muted">The model has no access patterns.</p>
      ) : (
        <>
          <div className="codegen-pattern-choice">
            <label htmlFor={selectId}>Access pattern</label>
            <select id={selectId} value={pattern.name} onChange={(event) => onChoose(event.target.value)}>
              {patterns.map((each) => (
                <option key={each.name} value={each.name}>
                  {each.name}
                </option>
              ))}
            </select>
            <span className="muted">“{pattern.question}”</span>
          </div>
          <ErrorNote error={snippets.error} />
          {snippets.loading && snippets.value === undefined && <p className="muted">Generating…</p>}
          {snippets.value !== undefined && (
            <div className="codegen-snippets">
              <Snippet title="Python (boto3)" source={snippets.value.python} label={`boto3 snippet of ${pattern.name}`} />
              <Snippet title="AWS CLI" source={snippets.value.cli} label={`AWS CLI command of ${pattern.name}`} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
