/** Deleting a table: the name typed to confirm (the server checks it too). */
import { useState } from 'react';
import { deleteTable } from '../api/endpoints.js';
import { Dialog } from './Dialog.js';
import { ErrorNote } from './ErrorNote.js';
import { Field } from './Field.js';

interface DeleteTableDialogProps {
  readonly connectionId: string;
  readonly table: string;
  readonly onClose: () => void;
  readonly onDeleted: () => void;
}

export function DeleteTableDialog({ connectionId, table, onClose, onDeleted }: DeleteTableDialogProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await deleteTable(connectionId, table, typed);
      onDeleted();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Delete ${table}`} onClose={onClose}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>
          The table and every item in it are deleted. This cannot be undone. Type <code>{table}</code> to confirm.
        </p>
        <Field label="Table name">
          <input value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} data-autofocus />
        </Field>
        <ErrorNote error={error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={typed !== table || busy}>
            Delete table
          </button>
        </div>
      </form>
    </Dialog>
  );
}
