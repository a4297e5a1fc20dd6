/**
 * The model file's text: a plain textarea with line numbers beside it. Lines
 * with a lint finding are marked in the gutter; `goToLine` moves the caret.
 */
import type { LintSeverity } from '@dynotable/core';
import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';

export interface ModelEditorHandle {
  goToLine(line: number): void;
}

interface ModelEditorProps {
  readonly text: string;
  readonly onChange: (text: string) => void;
  /** The worst finding's severity by 1-based line. */
  readonly marks: ReadonlyMap<number, LintSeverity>;
  readonly label: string;
}

export const ModelEditor = forwardRef<ModelEditorHandle, ModelEditorProps>(function ModelEditor({ text, onChange, marks, label }, handle) {
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const lineCount = useMemo(() => text.split('\n').length, [text]);

  useImperativeHandle(handle, () => ({
    goToLine(line) {
      const element = area.current;
      if (element === null) return;
      const lines = element.value.split('\n');
      const start = lines.slice(0, line - 1).reduce((sum, each) => sum + each.length + 1, 0);
      element.focus();
      element.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 18;
      element.scrollTop = Math.max(0, (line - 3) * lineHeight);
    },
  }));

  return (
    <div className="model-editor">
      <div className="model-gutter" ref={gutter} aria-hidden="true">
        {Array.from({ length: lineCount }, (_, index) => {
          const mark = marks.get(index + 1);
          return (
            <div key={index} className={mark === undefined ? undefined : `gutter-${mark}`}>
              {index + 1}
            </div>
          );
        })}
      </div>
      <textarea
        ref={area}
        className="model-text"
        aria-label={label}
        value={text}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => {
          if (gutter.current !== null) gutter.current.scrollTop = event.currentTarget.scrollTop;
        }}
        onKeyDown={(event) => {
          // Tab indents (YAML wants spaces); Escape then Tab leaves the editor.
          if (event.key !== 'Tab' || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
          const element = event.currentTarget;
          if (element.dataset['tabbing'] === 'leave') return;
          event.preventDefault();
          const { selectionStart, selectionEnd, value } = element;
          onChange(`${value.slice(0, selectionStart)}  ${value.slice(selectionEnd)}`);
          requestAnimationFrame(() => element.setSelectionRange(selectionStart + 2, selectionStart + 2));
        }}
        onKeyUp={(event) => {
          if (event.key === 'Escape') event.currentTarget.dataset['tabbing'] = 'leave';
        }}
        onFocus={(event) => {
          delete event.currentTarget.dataset['tabbing'];
        }}
      />
    </div>
  );
});
