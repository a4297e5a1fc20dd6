/** Every failed access pattern in full: why, and for each run that went wrong its arguments and the misplaced items. */
import { formatCount } from '../app/format.js';
import { MismatchView } from './MismatchView.js';
import { QueryLink } from './QueryLink.js';
import type { ReportView } from './verified-run.js';
import { argumentsText, type PatternResultJson } from './verify-report.js';

function FailedPattern({ view, result }: { readonly view: ReportView; readonly result: PatternResultJson }) {
  const failedRuns = result.runs.filter((run) => run.mismatch !== undefined || run.error !== undefined);
  return (
    <section className="verify-failure" aria-labelledby={`verify-failure-${result.pattern}`}>
      <h3 id={`verify-failure-${result.pattern}`}>
        {result.pattern} <span className="muted">“{result.question}”</span>
      </h3>
      <p>
        <code>{result.keyCondition}</code>
      </p>
      {result.problem !== undefined && <p className="verify-problem">{result.problem}</p>}
      {failedRuns.map((run, index) => (
        <div key={index} className="verify-run">
          <p>
            With <code>{argumentsText(run.arguments)}</code>:{' '}
            {run.error !== undefined ? (
              <>refused — {run.error}</>
            ) : (
              <>
                {formatCount(run.items)} items returned, {formatCount(run.expectedItems)} expected.
              </>
            )}{' '}
            <QueryLink view={view} result={result} run={run} />
          </p>
          {run.mismatch !== undefined && <MismatchView mismatch={run.mismatch} label={result.pattern} />}
        </div>
      ))}
    </section>
  );
}

export function FailureDetails({ view }: { readonly view: ReportView }) {
  const failures = view.report.patterns.filter((result) => !result.passed);
  if (failures.length === 0) return null;
  return (
    <section aria-labelledby="verify-failures">
      <h2 id="verify-failures">Failures</h2>
      {failures.map((result) => (
        <FailedPattern key={result.pattern} view={view} result={result} />
      ))}
    </section>
  );
}
