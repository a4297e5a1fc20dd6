/**
 * The live expression builder: as the query is edited, the expressions,
 * names and values DynamoDB will receive (compiled here by core), and a ready
 * program in five languages with a copy button.
 */
import { useId, useMemo, useState } from 'react';
import { toWireRequest } from '@dynotable/core';
import { usePanelOpen } from '../app/use-panel-open.js';
import { copyToClipboard } from './clipboard.js';
import { LanguageTabs } from './LanguageTabs.js';
import { expressionFields, PROGRAM_LANGUAGES, programFor, type ProgramLanguage } from './expression-view.js';
import type { BuiltRead } from './query-request.js';

interface ExpressionPreviewProps {
  readonly built: BuiltRead;
}

export function ExpressionPreview({ built }: ExpressionPreviewProps) {
  const id = useId();
  const [language, setLanguage] = useState<ProgramLanguage>('typescript');
  const [copied, setCopied] = useState<string | undefined>(undefined);
  const [open, setOpen] = usePanelOpen('request', true);
  const params = built.params;
  const fields = useMemo(() => (params === undefined ? [] : expressionFields(params, toWireRequest(params))), [params]);
  const program = useMemo(() => (params === undefined ? undefined : programFor(built.operation, params, language)), [params, built.operation, language]);

  const copy = async () => {
    if (program === undefined) return;
    const ok = await copyToClipboard(program);
    setCopied(ok ? 'Copied' : 'Copy failed: select the text and copy it');
    window.setTimeout(() => setCopied(undefined), 2000);
  };

  return (
    <details className="wb-expressions" open={open} onToggle={(event) => event.currentTarget.open !== open && setOpen(event.currentTarget.open)}>
      <summary>Request: expressions and code</summary>
      {params === undefined ? (
        <p className="muted">Fix the fields marked above to see the request.</p>
      ) : (
        <>
          <dl className="wb-expression-fields">
            <dt>Operation</dt>
            <dd className="wb-mono">{built.operation}</dd>
            {fields.length === 0 && (
              <>
                <dt>Expressions</dt>
                <dd className="muted">none: every item, every attribute</dd>
              </>
            )}
            {fields.map((field) => (
              <div key={field.name} className="wb-expression-field">
                <dt>{field.name}</dt>
                <dd>
                  <pre className="wb-mono">{field.text}</pre>
                </dd>
              </div>
            ))}
          </dl>
          <LanguageTabs idPrefix={id} language={language} onChange={setLanguage} className="wb-tabs" />
          <div className="wb-row wb-copy-row">
            <button type="button" onClick={() => void copy()}>
              Copy {PROGRAM_LANGUAGES.find((option) => option.id === language)?.label}
            </button>
            <span role="status" className="muted">
              {copied}
            </span>
          </div>
          <pre className="wb-program wb-mono" id={`${id}-program`} role="tabpanel" aria-labelledby={`${id}-tab-${language}`} tabIndex={0}>
            {program}
          </pre>
        </>
      )}
    </details>
  );
}
