/** The write-path and sparse-index checks: each one passed or failed, with what was seen. */
import { ColumnHeads } from '../app/ColumnHeads.js';
import { Verdict } from './PatternResults.js';
import type { VerifyReportJson } from './verify-report.js';

export function WritePathResults({ report }: { readonly report: VerifyReportJson }) {
  if (report.writePaths.length === 0) return <p className="muted">The model has no write paths to check.</p>;
  return (
    <table className="verify-table" aria-label="Write paths and indexes">
      <ColumnHeads names={['Result', 'Write path', 'Check', 'Detail']} />
      <tbody>
        {report.writePaths.map((check, index) => (
          <tr key={index}>
            <td>
              <Verdict passed={check.passed} />
            </td>
            <th scope="row">{check.writePath}</th>
            <td>{check.check}</td>
            <td>{check.detail ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
