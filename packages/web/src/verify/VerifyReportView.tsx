/** The report of a finished run: the verdict, each access pattern, each write-path check, the failures in full. */
import { FailureDetails } from './FailureDetails.js';
import { PatternResults } from './PatternResults.js';
import type { ReportView } from './verified-run.js';
import { verifyHeadline, type HeadlineStatus } from './verify-headline.js';
import { WritePathResults } from './WritePathResults.js';

/** The icon beside the headline's words: the colour is never the only sign. */
const ICONS: Record<HeadlineStatus, string> = { pass: '✓', warn: '⚠', fail: '✗' };

export function VerifyReportView({ view }: { readonly view: ReportView }) {
  const { report, run } = view;
  const headline = verifyHeadline(report);
  return (
    <div className="verify-report">
      <h2 id="verify-result">Result</h2>
      <p role="status" className={`verify-summary verify-summary-${headline.status}`} data-status={headline.status}>
        <span className="verify-summary-icon" aria-hidden="true">
          {ICONS[headline.status]}
        </span>{' '}
        <strong className="verify-headline">{headline.text}</strong>{' '}
        <span>
          Model {report.model} on {run.connectionName}: {report.items.toLocaleString('en-US')} sample items, seed {report.seed}.
        </span>
      </p>
      {report.kept ? (
        <p>
          Tables kept: <code>{report.tables.join(', ')}</code>. Open any access pattern in the query panel to see the data it read.
        </p>
      ) : (
        <p className="muted">
          The temporary tables were removed after the run. To open a pattern on the data verify wrote, tick Keep tables and verify again; the links below open each pattern&apos;s
          query on your own table of the model&apos;s name.
        </p>
      )}
      <h2>Access patterns</h2>
      <div className="verify-scroll">
        <PatternResults view={view} />
      </div>
      <h2>Write paths and indexes</h2>
      <div className="verify-scroll">
        <WritePathResults report={report} />
      </div>
      {report.problems.length > 0 && (
        <ul className="verify-problems" aria-label="Problems">
          {report.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <FailureDetails view={view} />
    </div>
  );
}
