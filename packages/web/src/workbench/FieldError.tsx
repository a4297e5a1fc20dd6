/** DynamoDB's error under a field; when it points at a token, the text with a caret under it. */
import type { FieldError as FieldErrorValue } from './query-request.js';

interface FieldErrorProps {
  readonly id: string;
  readonly error: FieldErrorValue | undefined;
}

export function FieldError({ id, error }: FieldErrorProps) {
  if (error === undefined) return null;
  const { location, text } = error;
  return (
    <div className="wb-field-error" id={id} role="alert">
      {error.message}
      {location !== undefined && text !== undefined && (
        <pre aria-hidden="true">
          {text}
          {'\n'}
          {' '.repeat(location.offset)}
          {'^'.repeat(Math.max(1, location.length))}
        </pre>
      )}
    </div>
  );
}

/** Props that tie an input to its error for assistive technology. */
export function describedBy(id: string, error: FieldErrorValue | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error === undefined ? {} : { 'aria-invalid': true, 'aria-describedby': id };
}
