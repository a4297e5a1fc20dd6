/**
 * The query builder: for the shared model, the generated data-access module
 * and its integration test — viewed with line numbers, copied, downloaded —
 * and each access pattern as a boto3 snippet and an AWS CLI command. A model
 * the linter finds errors in is held back until the user says to generate anyway.
 */
import { useMemo, useState } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import { followLink, routePath } from '../app/router.js';
import { useModelDocument } from '../model-store/model-store.js';
import { useParsedModel } from '../model-store/parsed-model.js';
import { usePageSearch } from '../app/use-page-search.js';
import { generateFiles } from './codegen-api.js';
import { GeneratedFiles } from './GeneratedFiles.js';
import { LintErrorsWarning } from './LintErrorsWarning.js';
import { PatternSnippetsView } from './PatternSnippetsView.js';
import { useGenerated } from './use-generated.js';
import './codegen.css';

const DESIGNER = routePath({ view: 'design', page: 'model' });

export function CodegenPage() {
  const [document] = useModelDocument();
  const { parsed, error: parseError, loading: parsing } = useParsedModel(document);
  const documentKey = JSON.stringify([document.text, document.fileName]);
  /** The document the user chose to generate from despite its lint errors. */
  const [anywayFor, setAnywayFor] = useState<string | undefined>(undefined);
  const lintErrors = useMemo(() => (parseError === undefined ? (parsed?.lint ?? []).filter((finding) => finding.severity === 'error') : []), [parsed, parseError]);
  // Nothing is generated until the linter has read this very text; with errors, only once the user says so.
  const held = lintErrors.length > 0 && anywayFor !== documentKey;
  const [search, setSearch] = usePageSearch();
  const chosen = new URLSearchParams(search).get('pattern') ?? undefined;
  const empty = document.text.trim() === '';
  const files = useGenerated(empty || parsing || held ? undefined : documentKey, (signal) => generateFiles(document, signal));
  const choose = (pattern: string) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set('pattern', pattern);
      return params.toString();
    });

  return (
    <div className="codegen">
      <h1>Query builder</h1>
      <p className="muted">Code for the model: a typed data-access module for the AWS SDK with its integration test, and every access pattern as boto3 and the AWS CLI.</p>
      {empty ? (
        <p>
          There is no model yet. <a href={DESIGNER} onClick={(event) => followLink(event, DESIGNER)}>Design one first</a>: the query builder writes the code for its access
          patterns.
        </p>
      ) : (
        <>
          {held && <LintErrorsWarning errors={lintErrors} onGenerateAnyway={() => setAnywayFor(documentKey)} />}
          {lintErrors.length > 0 && !held && (
            <p className="codegen-lint-note" role="status">
              <span aria-hidden="true">⚠ </span>Generated anyway: the linter finds {lintErrors.length} error{lintErrors.length === 1 ? '' : 's'} in this model.
            </p>
          )}
          {parsing && files.value === undefined && <p className="muted">Reading the model…</p>}
          <ErrorNote error={files.error} />
          {files.error !== undefined && (
            <p>
              Fix the model in the <a href={DESIGNER} onClick={(event) => followLink(event, DESIGNER)}>designer</a>.
            </p>
          )}
          {files.loading && files.value === undefined && <p className="muted">Generating…</p>}
          {files.value !== undefined && <GeneratedFiles files={files.value} />}
          {parsed !== undefined && !held && !parsing && <PatternSnippetsView document={document} patterns={parsed.model.accessPatterns} chosen={chosen} onChoose={choose} />}
        </>
      )}
    </div>
  );
}
