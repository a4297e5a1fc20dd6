/**
 * The day-window trap, said after the query ran: how many items its upper
 * bound left out, why, and both fixes with the number of items each returns.
 */
import type { BoundCheck, Counted } from './use-prefix-bound-check.js';
import type { PrefixBoundFix } from './prefix-bound-fix.js';

interface PrefixBoundWarningProps {
  readonly check: BoundCheck;
  readonly onFix: (fix: PrefixBoundFix) => void;
}

function items({ count, complete }: Counted): string {
  const number = count.toLocaleString('en-US');
  return `${complete ? '' : 'more than '}${number} ${count === 1 && complete ? 'item' : 'items'}`;
}

export function PrefixBoundWarning({ check, onFix }: PrefixBoundWarningProps) {
  // A live region from the start, so the warning is announced when the counts arrive
  // (not role=status: the pane's paging line is its status).
  const shown = check.status === 'counted' && check.leftOut.count > 0 ? check : undefined;
  return (
    <div aria-live="polite" className={shown !== undefined ? 'bound-trap' : undefined}>
      {check.status === 'failed' && (
        <p className="muted">
          Could not count the items that start with <code>{check.trap.bound}</code>, which this bound would leave out: {check.error instanceof Error ? check.error.message : String(check.error)}
        </p>
      )}
      {shown !== undefined && (
        <>
          <p>
            <strong>
              This bound leaves out {items(shown.leftOut)} that start with <code>{shown.trap.bound}</code>:
            </strong>{' '}
            {shown.trap.explanation}
          </p>
          <div className="wb-row">
            <button type="button" onClick={() => onFix('widened')}>
              Use the bound followed by U+10FFFF{shown.widened !== undefined ? ` (${items(shown.widened)})` : ''}
            </button>
            {shown.trap.day !== undefined && (
              <button type="button" onClick={() => onFix('beginsWith')}>
                Use begins_with {shown.trap.day}
                {shown.beginsWith !== undefined ? ` (${items(shown.beginsWith)})` : ''}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
