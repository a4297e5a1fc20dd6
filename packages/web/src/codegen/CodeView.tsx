/** Source code with line numbers, monospace; the numbers stay out of a selection and out of what a screen reader reads. */
import { codeLines } from './code-lines.js';

export function CodeView({ source, label }: { readonly source: string; readonly label: string }) {
  const lines = codeLines(source);
  return (
    <div className="code-view" role="region" aria-label={label} tabIndex={0}>
      <pre className="code-gutter" aria-hidden="true">
        {lines.map((_, index) => `${index + 1}\n`).join('')}
      </pre>
      <pre className="code-text">
        <code>{lines.join('\n')}</code>
      </pre>
    </div>
  );
}
