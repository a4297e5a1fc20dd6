/**
 * The linter's findings on the model file, each next to its line (a button
 * that goes there) with the fix in words, and a button that applies it when
 * the fix is mechanical.
 */
import type { LintFinding } from '@dynotable/core';
import { mechanicalFix, type MechanicalFix } from './lint-fixes.js';

export interface PlacedFinding {
  readonly finding: LintFinding;
  readonly line: number | undefined;
}

interface LintPanelProps {
  readonly findings: readonly PlacedFinding[];
  /** False while the text is being read again or does not read: fixes wait. */
  readonly current: boolean;
  readonly onGoTo: (line: number) => void;
  readonly onFix: (fix: MechanicalFix, finding: LintFinding) => void;
}

export function LintPanel({ findings, current, onGoTo, onFix }: LintPanelProps) {
  return (
    <section className="lint-panel" aria-labelledby="designer-lint-heading">
      <h3 id="designer-lint-heading">Linter {findings.length === 0 ? '' : `(${findings.length})`}</h3>
      {findings.length === 0 ? (
        <p className="muted">No findings.</p>
      ) : (
        <ul className="lint-list" aria-label="Lint findings">
          {findings.map(({ finding, line }, index) => {
            const fix = mechanicalFix(finding);
            return (
              <li key={`${finding.rule}-${finding.subject}-${index}`} className={`lint-finding lint-${finding.severity}`} data-rule={finding.rule}>
                <p className="lint-head">
                  {line !== undefined ? (
                    <button type="button" className="link-button" onClick={() => onGoTo(line)} aria-label={`Go to line ${line}`}>
                      line {line}
                    </button>
                  ) : null}{' '}
                  <span className={`severity severity-${finding.severity}`}>{finding.severity}</span> <strong>{finding.subject}</strong> <code>{finding.rule}</code>
                </p>
                <p>{finding.message}</p>
                <p className="muted">Fix: {finding.fix}</p>
                {fix !== undefined && (
                  <button type="button" disabled={!current} onClick={() => onFix(fix, finding)} aria-label={`${fix.label} (fixes ${finding.rule} on ${finding.subject})`}>
                    {fix.label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
