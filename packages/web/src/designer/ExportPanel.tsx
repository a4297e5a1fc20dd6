/**
 * The model in another tool's format (NoSQL Workbench, CloudFormation, CDK,
 * Terraform): the text, what the format cannot hold, and download and copy.
 */
import type { ExportedFile } from '@dynotable/core';
import { useState } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import type { ModelDocument } from '../model-store/model-store.js';
import { EXPORT_CHOICES, exportModelRequest, type ExportChoice } from './design-api.js';
import { downloadText } from './file-io.js';

export function ExportPanel({ document }: { readonly document: ModelDocument }) {
  const [format, setFormat] = useState<ExportChoice>('nosql-workbench');
  const [answer, setAnswer] = useState<ExportedFile | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [copied, setCopied] = useState(false);

  const run = () => {
    setError(undefined);
    setCopied(false);
    exportModelRequest(document.text, format, document.fileName).then(setAnswer, (failure: unknown) => {
      setAnswer(undefined);
      setError(failure);
    });
  };

  return (
    <section className="export-panel" aria-labelledby="designer-export-heading">
      <h3 id="designer-export-heading">Export</h3>
      <div className="export-controls">
        <label htmlFor="designer-export-format">Format</label>
        <select id="designer-export-format" value={format} onChange={(event) => setFormat(event.target.value as ExportChoice)}>
          {EXPORT_CHOICES.map((choice) => (
            <option key={choice.format} value={choice.format}>
              {choice.label}
            </option>
          ))}
        </select>
        <button type="button" disabled={document.text.trim() === ''} onClick={run}>
          Export
        </button>
      </div>
      <ErrorNote error={error} />
      {answer !== undefined && (
        <div className="export-result">
          <div className="export-controls">
            <code>{answer.fileName}</code>
            <button type="button" onClick={() => downloadText(answer.fileName, answer.text)}>
              Download {answer.fileName}
            </button>
            <button
              type="button"
              onClick={() =>
                navigator.clipboard.writeText(answer.text).then(
                  () => setCopied(true),
                  (failure: unknown) => setError(failure),
                )
              }
            >
              Copy
            </button>
            {copied && <span role="status">Copied.</span>}
          </div>
          {answer.warnings.length > 0 && (
            <ul className="export-warnings" aria-label="What the format cannot hold">
              {answer.warnings.map((warning, index) => (
                <li key={index}>{warning}</li>
              ))}
            </ul>
          )}
          <pre className="export-text" tabIndex={0} aria-label={`Exported ${answer.fileName}`}>
            {answer.text}
          </pre>
        </div>
      )}
    </section>
  );
}
