/**
 * A labelled form control. The label points at the control by id rather than
 * wrapping it, so the control's name is the label alone (a wrapping label
 * would also read out the control's current value).
 */
import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

export function Field({ label, children }: { readonly label: ReactNode; readonly children: ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id })}
    </div>
  );
}
