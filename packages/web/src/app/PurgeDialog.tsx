/** Deleting every item and keeping the table: the name typed to confirm, then a job with progress. */
import { useState } from 'react';
import { startPurge } from '../api/endpoints.js';
import { TypedTableName } from './DeleteTableDialog.js';
import { Dialog, DialogActions, DialogForm } from './Dialog.js';
import { ErrorNote } from './ErrorNote.js';
import { formatCount } from './format.js';
import { JobProgress } from './JobProgress.js';
import { useJob } from './use-job.js';

interface PurgeDialogProps {
  readonly connectionId: string;
  readonly table: string;
  readonly onClose: () => void;
  readonly onPurged: () => void;
}

export function PurgeDialog({ connectionId, table, onClose, onPurged }: PurgeDialogProps) {
  const [typed, setTyped] = useState('');
  const purge = useJob();
  const running = purge.job?.state === 'running';
  const result = purge.job !== undefined && purge.job.state !== 'running' ? (purge.job.result as { deleted?: number } | undefined) : undefined;
  const submit = async () => {
    if ((await purge.run(() => startPurge(connectionId, table, typed))) !== undefined) onPurged();
  };
  return (
    <Dialog title={`Delete every item of ${table}`} onClose={onClose}>
      <DialogForm onSubmit={submit}>
        <TypedTableName table={table} typed={typed} onType={setTyped}>
          Every item is deleted; the table, its indexes and settings stay. Each item is in the journal before it is deleted, so Recent writes can put them back.
        </TypedTableName>
        {purge.job !== undefined && <JobProgress job={purge.job} onCancel={purge.cancel} />}
        {result?.deleted !== undefined && <p role="status">{formatCount(result.deleted)} items deleted.</p>}
        <ErrorNote error={purge.error ?? (purge.job?.error !== undefined ? new Error(`${purge.job.error.type}: ${purge.job.error.message}`) : undefined)} />
        <DialogActions onClose={onClose} closeLabel={purge.job === undefined ? 'Cancel' : 'Close'} submit="Delete every item" danger disabled={typed !== table || running} />
      </DialogForm>
    </Dialog>
  );
}
