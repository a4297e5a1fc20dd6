/**
 * Before code is generated from a model the linter finds errors in: the
 * errors, a way to the designer's lint panel where they are fixed, and an
 * explicit "Generate anyway".
 */
import type { LintFinding } from '@dynotable/core';
import { followLink, routePath } from '../app/router.js';

const DESIGNER = routePath({ view: 'design', page: 'model' });

interface LintErrorsWarningProps {
  readonly errors: readonly LintFinding[];
  readonly onGenerateAnyway: () => void;
}

export function LintErrorsWarning({ errors, onGenerateAnyway }: LintErrorsWarningProps) {
  const count = errors.length === 1 ? 'an error' : `${errors.length} errors`;
  return (
    <section className="codegen-lint-warning" aria-labelledby="codegen-lint-heading">
      <h2 id="codegen-lint-heading">
        <span aria-hidden="true">⚠ </span>The linter finds {count} in this model
      </h2>
      <p>Code generated from it would carry {errors.length === 1 ? 'the mistake' : 'the mistakes'} into your application: fix the model first, or generate anyway.</p>
      <ul aria-label="Lint errors">
        {errors.map((finding, index) => (
          <li key={`${finding.rule}-${finding.subject}-${index}`}>
            <strong>{finding.subject}</strong> <code>{finding.rule}</code>: {finding.message}
          </li>
        ))}
      </ul>
      <div className="codegen-lint-actions">
        <a href={DESIGNER} onClick={(event) => followLink(event, DESIGNER)}>
          Fix them in the designer&apos;s lint panel
        </a>
        <button type="button" onClick={onGenerateAnyway}>
          Generate anyway
        </button>
      </div>
    </section>
  );
}
