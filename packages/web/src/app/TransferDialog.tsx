/** Export a table to a file, or import a file into it, as a job with progress. */
import { useState } from 'react';
import { downloadPath, startExport, startImport, type TransferFormat } from '../api/endpoints.js';
import { Dialog, DialogForm } from './Dialog.js';
import { ErrorNote } from './ErrorNote.js';
import { Field } from './Field.js';
import { formatBytes, formatCount } from './format.js';
import { JobProgress } from './JobProgress.js';
import { TRANSFER_FORMAT_OPTIONS as FORMATS } from './transfer-formats.js';
import { useJob } from './use-job.js';

const FORMAT_OPTIONS = FORMATS.map((option) => (
  <option key={option.format} value={option.format}>
    {option.label}
  </option>
));

interface Download {
  readonly id: string;
  readonly fileName: string;
  readonly size: number;
}

interface TransferDialogProps {
  readonly connectionId: string;
  readonly table: string;
  readonly onClose: () => void;
  /** After an import wrote items: the description's counts change. */
  readonly onImported: () => void;
}

export function TransferDialog({ connectionId, table, onClose, onImported }: TransferDialogProps) {
  const exporting = useJob();
  const importing = useJob();
  const [format, setFormat] = useState<TransferFormat>('dynamodb-json');
  const [importFormat, setImportFormat] = useState<TransferFormat | ''>('');
  const [file, setFile] = useState<File | undefined>(undefined);
  const exported = exporting.job?.state === 'succeeded' ? (exporting.job.result as { items: number; download?: Download }) : undefined;
  const imported = importing.job?.state === 'succeeded' ? (importing.job.result as { written: number; items: number }) : undefined;
  const runImport = async () => {
    if (file === undefined) return;
    const content = await file.text();
    const final = await importing.run(() => startImport(connectionId, table, { content, ...(importFormat !== '' ? { format: importFormat } : {}) }));
    if (final !== undefined) onImported();
  };
  return (
    <Dialog title={`Import or export ${table}`} onClose={onClose} wide>
      <DialogForm onSubmit={() => exporting.run(() => startExport(connectionId, table, { format }))}>
        <fieldset>
          <legend>Export every item</legend>
          <Field label="Format">
            <select value={format} onChange={(event) => setFormat(event.target.value as TransferFormat)}>
              {FORMAT_OPTIONS}
            </select>
          </Field>
          <button type="submit" disabled={exporting.job?.state === 'running'}>
            Export
          </button>
        </fieldset>
        {exporting.job !== undefined && <JobProgress job={exporting.job} onCancel={exporting.cancel} />}
        {exported?.download !== undefined && (
          <p>
            {formatCount(exported.items)} items exported:{' '}
            <a href={downloadPath(exported.download.id)} download={exported.download.fileName}>
              download {exported.download.fileName} ({formatBytes(exported.download.size)})
            </a>{' '}
            — once, within the hour.
          </p>
        )}
        <ErrorNote error={exporting.error ?? (exporting.job?.error !== undefined ? new Error(`${exporting.job.error.type}: ${exporting.job.error.message}`) : undefined)} />
      </DialogForm>
      <DialogForm onSubmit={runImport}>
        <fieldset>
          <legend>Import a file</legend>
          <Field label="File (up to 16 MB)">
            <input type="file" required onChange={(event) => setFile(event.target.files?.[0])} />
          </Field>
          <Field label="Format">
            <select value={importFormat} onChange={(event) => setImportFormat(event.target.value as TransferFormat | '')}>
              <option value="">Guess from the content</option>
              {FORMAT_OPTIONS}
            </select>
          </Field>
          <button type="submit" disabled={file === undefined || importing.job?.state === 'running'}>
            Import
          </button>
        </fieldset>
        <p className="muted">Every item is checked first: if one is bad, nothing is written.</p>
        {importing.job !== undefined && <JobProgress job={importing.job} onCancel={importing.cancel} />}
        {imported !== undefined && <p role="status">{`${formatCount(imported.written)} of ${formatCount(imported.items)} items written.`}</p>}
        <ErrorNote error={importing.error ?? (importing.job?.error !== undefined ? new Error(`${importing.job.error.type}: ${importing.job.error.message}`) : undefined)} />
      </DialogForm>
    </Dialog>
  );
}
