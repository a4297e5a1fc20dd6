/** The write-path and sparse-index checks: each one passed or failed, with what was seen. */
import { Verdict } from './PatternResults.js';
import type { VerifyReportJson } from './verify-report.js';

export function WritePathResults({ report }: { readonly report: VerifyReportJson }) {
  if (report.writePaths.length === 0) return <p className="muted">The model has no write paths to check.</p>;
  return (
    <table className="verify-table" aria-label="Write paths and indexes">
      <thead>
        <tr>
          <th scope="col">Result</th>
          <th scope="col">Write path</th>
          <th scope="col">Check</th>
          <th scope="col">Detail</th>
        </tr>
      </thead>
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
