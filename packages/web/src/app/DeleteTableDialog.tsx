/** Deleting a table: the name typed to confirm (the server checks it too). */
import { useState, type ReactNode } from 'react';
import { deleteTable } from '../api/endpoints.js';
import { Dialog, DialogActions, DialogForm, useRequest } from './Dialog.js';
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
  const { busy, error, send } = useRequest();
  const submit = () =>
    send(async () => {
      await deleteTable(connectionId, table, typed);
      onDeleted();
    });
  return (
    <Dialog title={`Delete ${table}`} onClose={onClose}>
      <DialogForm onSubmit={submit}>
        <TypedTableName table={table} typed={typed} onType={setTyped}>
          The table and every item in it are deleted. This cannot be undone.
        </TypedTableName>
        <ErrorNote error={error} />
        <DialogActions onClose={onClose} submit="Delete table" danger disabled={typed !== table || busy} />
      </DialogForm>
    </Dialog>
  );
}

interface TypedTableNameProps {
  readonly table: string;
  readonly typed: string;
  readonly onType: (typed: string) => void;
  /** What is lost, said before the request to type the name. */
  readonly children: ReactNode;
}

/** What is lost, and the table's name typed to confirm it: a slip of the mouse cannot delete data. */
export function TypedTableName({ table, typed, onType, children }: TypedTableNameProps) {
  return (
    <>
      <p>
        {children} Type <code>{table}</code> to confirm.
      </p>
      <Field label="Table name">
        <input value={typed} onChange={(event) => onType(event.target.value)} autoComplete="off" spellCheck={false} data-autofocus />
      </Field>
    </>
  );
}
