/** Each access pattern: passed or failed, its operation, key condition, and what its runs read. */
import { formatCount } from '../app/format.js';
import { QueryLink } from './QueryLink.js';
import { multiAttributeKeysText } from './pattern-keys.js';
import type { ReportView } from './verified-run.js';
import { formatReadUnits, patternTotals, runToOpen } from './verify-report.js';

export function Verdict({ passed }: { readonly passed: boolean }) {
  return <span className={passed ? 'verify-pass' : 'verify-fail'}>{passed ? 'PASS' : 'FAIL'}</span>;
}

/** The columns that add up a pattern's runs, right-aligned. */
const NUMBER_COLUMNS = ['Runs', 'Pages', 'Items', 'RCU'];

export function PatternResults({ view }: { readonly view: ReportView }) {
  const { report } = view;
  return (
    <table className="verify-table" aria-label="Access patterns">
      <thead>
        <tr>
          <th scope="col">Result</th>
          <th scope="col">Access pattern</th>
          <th scope="col">Operation</th>
          <th scope="col">Key condition</th>
          {NUMBER_COLUMNS.map((column) => (
            <th key={column} scope="col" className="num">
              {column}
            </th>
          ))}
          <th scope="col">Query panel</th>
        </tr>
      </thead>
      <tbody>
        {report.patterns.map((result) => {
          const totals = patternTotals(result);
          const keys = multiAttributeKeysText(view.run.model, view.run.plans.get(result.pattern));
          return (
            <tr key={result.pattern} data-pattern={result.pattern}>
              <td>
                <Verdict passed={result.passed} />
              </td>
              <th scope="row">
                <span className="verify-pattern-name">{result.pattern}</span>
                <span className="muted verify-question">{result.question}</span>
              </th>
              <td>
                {result.operation} <span className="verify-where">{result.index !== undefined ? `${result.table}.${result.index}` : result.table}</span>
                {keys !== undefined && <span className="muted verify-keys">{keys}</span>}
              </td>
              <td>
                <code>{result.keyCondition}</code>
              </td>
              <td className="num">{formatCount(totals.runs)}</td>
              <td className="num">{formatCount(totals.pages)}</td>
              <td className="num">{formatCount(totals.items)}</td>
              <td className="num">{formatReadUnits(totals.readUnits)}</td>
              <td className="verify-open">
                <QueryLink view={view} result={result} run={runToOpen(result)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
