/**
 * The model file: the text with line numbers, the linter's findings beside
 * their lines with one-click fixes, and the file itself: open, save, download,
 * import from NoSQL Workbench and export to other tools.
 */
import type { LintFinding, LintSeverity } from '@dynotable/core';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { isFailure } from '../api/failure.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { useParsedModel } from '../model-store/parsed-model.js';
import { exportModelRequest, importWorkbenchRequest } from './design-api.js';
import { ExportPanel } from './ExportPanel.js';
import { downloadText, formatOfName, withFormat, type ModelFormat } from './file-io.js';
import { lineOfFinding } from './finding-lines.js';
import type { MechanicalFix } from './lint-fixes.js';
import { LintPanel, type PlacedFinding } from './LintPanel.js';
import { ModelEditor, type ModelEditorHandle } from './ModelEditor.js';
import type { ModelDocument } from '../model-store/model-store.js';
import type { ModelDraft } from './use-model-draft.js';

const SEVERITY_RANK: Record<LintSeverity, number> = { error: 3, warning: 2, info: 1 };

interface Problem {
  readonly path: string;
  readonly message: string;
}

function problemsOf(error: unknown): readonly Problem[] {
  if (!isFailure(error, 'InvalidModel')) return [];
  const problems = error.details['problems'];
  return Array.isArray(problems) ? (problems as Problem[]) : [];
}

/** Memoised: typing a question re-renders the page, not the file. */
interface ModelFilePaneProps {
  readonly model: ModelDraft;
  /** A file was opened or imported: the designer takes its questions and entities. */
  readonly onOpened: (document: ModelDocument) => void;
}

export const ModelFilePane = memo(function ModelFilePane({ model, onOpened }: ModelFilePaneProps) {
  const { draft, dirty, edit, save, replace } = model;
  const parsed = useParsedModel(draft);
  const editor = useRef<ModelEditorHandle>(null);
  const openInput = useRef<HTMLInputElement>(null);
  const importInput = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [warnings, setWarnings] = useState<readonly string[]>([]);
  const [failure, setFailure] = useState<unknown>(undefined);

  // Ctrl/Cmd-S saves while the designer is open.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        save();
        setNote('Saved.');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  const findings: PlacedFinding[] = useMemo(
    () =>
      (parsed.parsed?.lint ?? [])
        .map((finding) => ({ finding, line: lineOfFinding(draft.text, finding.location) }))
        .sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity)),
    [parsed.parsed, draft.text],
  );
  const marks = useMemo(() => {
    const out = new Map<number, LintSeverity>();
    for (const { finding, line } of findings) {
      if (line === undefined) continue;
      const before = out.get(line);
      if (before === undefined || SEVERITY_RANK[finding.severity] > SEVERITY_RANK[before]) out.set(line, finding.severity);
    }
    return out;
  }, [findings]);
  const problems = problemsOf(parsed.error);
  const current = !parsed.loading && parsed.error === undefined && parsed.parsed !== undefined && draft.text.trim() !== '';

  const report = (work: Promise<void>) => {
    setFailure(undefined);
    work.catch((error: unknown) => setFailure(error));
  };

  // The fix's edits go into the text itself, so the file keeps its comments and layout.
  const applyFix = (fix: MechanicalFix, finding: LintFinding) => {
    setFailure(undefined);
    try {
      edit({ text: fix.applyToText(draft.text, draft.fileName), fileName: draft.fileName });
      setNote(`Applied the fix for ${finding.rule} on ${finding.subject}.`);
    } catch (error) {
      setFailure(error);
    }
  };

  const download = (format: ModelFormat) => {
    const fileName = withFormat(draft.fileName, format);
    if (formatOfName(draft.fileName) === format) {
      downloadText(fileName, draft.text, format === 'json' ? 'application/json' : 'application/yaml');
      return;
    }
    report(exportModelRequest(draft.text, format, draft.fileName).then((answer) => downloadText(fileName, answer.text, format === 'json' ? 'application/json' : 'application/yaml')));
  };

  const open = (file: File) =>
    report(
      file.text().then((text) => {
        replace({ text, fileName: file.name });
        onOpened({ text, fileName: file.name });
        setWarnings([]);
        setNote(`Opened ${file.name}.`);
      }),
    );

  const importWorkbench = (file: File) =>
    report(
      file.text().then((text) =>
        importWorkbenchRequest(text, file.name).then((answer) => {
          replace({ text: answer.yaml, fileName: withFormat(file.name, 'yaml') });
          onOpened({ text: answer.yaml, fileName: withFormat(file.name, 'yaml') });
          setWarnings(answer.warnings);
          setNote(`Imported ${file.name} from NoSQL Workbench.`);
        }),
      ),
    );

  return (
    <section className="designer-file" aria-labelledby="designer-file-heading">
      <div className="file-head">
        <h2 id="designer-file-heading">
          Model file <code>{draft.fileName}</code> {dirty && <span className="unsaved">(unsaved)</span>}
        </h2>
        <div className="file-actions" role="toolbar" aria-label="Model file">
          <button type="button" onClick={() => openInput.current?.click()}>
            Open…
          </button>
          <button type="button" onClick={() => (save(), setNote('Saved.'))} disabled={!dirty} aria-keyshortcuts="Control+S Meta+S">
            Save
          </button>
          <button type="button" onClick={() => download('yaml')} disabled={draft.text.trim() === ''}>
            Download YAML
          </button>
          <button type="button" onClick={() => download('json')} disabled={draft.text.trim() === ''}>
            Download JSON
          </button>
          <button type="button" onClick={() => importInput.current?.click()}>
            Import NoSQL Workbench…
          </button>
        </div>
        <input ref={openInput} type="file" accept=".yaml,.yml,.json" hidden aria-hidden="true" tabIndex={-1} onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) open(file);
        }} />
        <input ref={importInput} type="file" accept=".json" hidden aria-hidden="true" tabIndex={-1} onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) importWorkbench(file);
        }} />
      </div>
      <p className="file-note" role="status">
        {note ?? ''}
      </p>
      <ErrorNote error={failure} />
      {warnings.length > 0 && (
        <ul className="import-warnings" aria-label="Import warnings">
          {warnings.map((warning, index) => (
            <li key={index}>{warning}</li>
          ))}
        </ul>
      )}
      <div className="file-body">
        <ModelEditor ref={editor} text={draft.text} label="Model file text" marks={marks} onChange={(text) => edit({ ...draft, text })} />
        <div className="file-side">
          {parsed.error !== undefined && (
            <div className="model-problems">
              <ErrorNote error={parsed.error} />
              {problems.length > 0 && (
                <ul>
                  {problems.map((problem, index) => (
                    <li key={index}>
                      <code>{problem.path}</code> {problem.message}
                    </li>
                  ))}
                </ul>
              )}
              {parsed.parsed !== undefined && <p className="muted">The findings below are for the last version that read.</p>}
            </div>
          )}
          <LintPanel findings={findings} current={current} onGoTo={(line) => editor.current?.goToLine(line)} onFix={applyFix} />
          <ExportPanel document={draft} />
        </div>
      </div>
    </section>
  );
});
