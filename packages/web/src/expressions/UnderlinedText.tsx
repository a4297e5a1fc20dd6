/**
 * A text box that underlines the token DynamoDB's error points at, in the box
 * itself: a layer behind the transparent textarea repeats the text with the
 * token marked, scrolled with it.
 */
import { useRef, type ReactNode } from 'react';
import type { ErrorLocation } from '@dynotable/core';

interface UnderlinedTextProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly location: ErrorLocation | undefined;
  readonly rows?: number;
  readonly placeholder?: string;
  readonly invalid: boolean;
  readonly describedBy?: string;
}

function marked(value: string, location: ErrorLocation | undefined): ReactNode {
  if (location === undefined) return value;
  const start = Math.min(Math.max(0, location.offset), value.length);
  const end = Math.min(value.length, start + Math.max(0, location.length));
  // At the end of the text (length 0) a space stands for the missing token.
  const token = end > start ? value.slice(start, end) : '\u00a0';
  return (
    <>
      {value.slice(0, start)}
      <mark className="xp-error-token">{token}</mark>
      {value.slice(end)}
    </>
  );
}

export function UnderlinedText({ id, value, onChange, location, rows = 2, placeholder, invalid, describedBy }: UnderlinedTextProps) {
  const backdrop = useRef<HTMLDivElement>(null);
  return (
    <div className="xp-underlined">
      <div className="xp-backdrop" ref={backdrop} aria-hidden="true">
        {marked(value, location)}
        {'\n'}
      </div>
      <textarea
        id={id}
        className="xp-text"
        rows={rows}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => {
          if (backdrop.current !== null) {
            backdrop.current.scrollTop = event.currentTarget.scrollTop;
            backdrop.current.scrollLeft = event.currentTarget.scrollLeft;
          }
        }}
        {...(invalid ? { 'aria-invalid': true } : {})}
        {...(describedBy !== undefined ? { 'aria-describedby': describedBy } : {})}
      />
    </div>
  );
}
