/**
 * A modal dialog on the native <dialog>: focus moves in (to the element marked
 * data-autofocus, else the first field) and stays in, Escape closes it, focus
 * returns where it was. With the parts its forms share: the form, the row of
 * buttons, and the busy and error state of the request a form sends.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly wide?: boolean;
}

export function Dialog({ title, onClose, children, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const before = document.activeElement;
    dialog.showModal();
    // showModal focuses the first focusable element (the close button); the first field is where typing starts.
    dialog.querySelector<HTMLElement>('[data-autofocus], input, select, textarea')?.focus();
    return () => {
      dialog.close();
      if (before instanceof HTMLElement) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide === true ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}

interface DialogFormProps {
  readonly onSubmit: () => unknown;
  readonly children: ReactNode;
}

/** A form in a dialog: submitting it runs `onSubmit` instead of loading a page. */
export function DialogForm({ onSubmit, children }: DialogFormProps) {
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

interface DialogActionsProps {
  readonly onClose: () => void;
  readonly closeLabel?: string;
  /** The submit button's label; none when the dialog's forms have their own. */
  readonly submit?: string;
  /** A submit that deletes data is shown as dangerous; any other as the primary action. */
  readonly danger?: boolean;
  readonly disabled?: boolean;
}

/** The row of buttons at the foot of a dialog: the one that closes, then the submit button. */
export function DialogActions({ onClose, closeLabel = 'Cancel', submit, danger = false, disabled = false }: DialogActionsProps) {
  return (
    <div className="dialog-actions">
      <button type="button" onClick={onClose}>
        {closeLabel}
      </button>
      {submit !== undefined && (
        <button type="submit" className={danger ? 'danger' : 'primary'} disabled={disabled}>
          {submit}
        </button>
      )}
    </div>
  );
}

/** One request at a time: `busy` while it runs, its failure kept in `error` until the next one starts. */
export function useRequest() {
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const send = async (request: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await request();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, send };
}
