/**
 * One proposal as a person reviews it: the agent's reason, the diff, the
 * size and cost of the item and the exact request — the same parts the
 * item editor shows before a person's own save — then Approve or Reject.
 */
import { useState } from 'react';
import { itemFromWire, itemSize, type WireItem } from '@dynotable/core';
import { ErrorNote } from '../app/ErrorNote.js';
import { Field } from '../app/Field.js';
import { useLoad } from '../app/use-load.js';
import { CostLine } from '../workbench/editor/CostLine.js';
import { DiffTable } from '../workbench/editor/DiffTable.js';
import { itemCost } from '../workbench/editor/item-cost.js';
import { diffItems } from '../workbench/editor/item-diff.js';
import { keyText } from '../workbench/editor/journal-view.js';
import { approveProposal, getProposal, rejectProposal, type Proposal, type ProposalDetail } from './agents-api.js';
import { KIND_EXPLANATIONS, proposalTitle, statusText } from './proposal-words.js';
import '../workbench/editor/editor.css';

function ItemChange({ detail }: { readonly detail: ProposalDetail }) {
  const { item, table } = detail;
  if (item === undefined) return null;
  // A delete costs the units of the item it removes; a put or update those of the item written.
  const written: WireItem | undefined = item.after ?? item.before;
  const cost = written !== undefined && table !== undefined ? itemCost(itemSize(itemFromWire(written)), table.tableClass) : undefined;
  return (
    <>
      <p>
        <strong>Item: </strong>
        {keyText(item.key)}
        {item.before === undefined && detail.proposal.kind !== 'update' && ' (no item has this key now)'}
      </p>
      {item.changedSince && (
        <p className="error-note" role="alert">
          The item changed since the agent read it: approving will fail, and nothing will be overwritten.
        </p>
      )}
      <DiffTable rows={diffItems(item.before, item.after ?? {}, item.keyNames)} mode="typed" />
      {cost !== undefined && table !== undefined && <CostLine cost={cost} pricing={table} />}
    </>
  );
}

const ACTION_WORDS = { Put: 'Put', Update: 'Update', Delete: 'Delete', ConditionCheck: 'Condition check (writes nothing)' } as const;

/** A transaction, action by action: each item now and as the action leaves it, as a single write's diff shows. */
function TransactionItems({ detail }: { readonly detail: ProposalDetail }) {
  if (detail.items === undefined) return null;
  return (
    <ol className="agents-actions" aria-label="The transaction's items">
      {detail.items.map((action, index) => (
        <li key={index} aria-label={`${ACTION_WORDS[action.action]} ${keyText(action.key)} in ${action.table}`}>
          <p>
            <strong>{ACTION_WORDS[action.action]}: </strong>
            {keyText(action.key)} in {action.table}
            {action.current === undefined && ' (no item has this key now)'}
          </p>
          {action.action !== 'ConditionCheck' && <DiffTable rows={diffItems(action.current, action.after ?? {}, action.keyNames)} mode="typed" />}
        </li>
      ))}
    </ol>
  );
}

function Decision({ proposal, onDecided }: { readonly proposal: Proposal; readonly onDecided: () => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const decide = async (run: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await run();
      onDecided();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ErrorNote error={error} />
      <Field label="Note for the agent (optional, sent with a rejection)">
        <input type="text" value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <div className="dialog-actions">
        <button type="button" disabled={busy} onClick={() => void decide(() => rejectProposal(proposal.id, note))}>
          Reject
        </button>
        <button type="button" className="primary" disabled={busy} onClick={() => void decide(() => approveProposal(proposal.id))}>
          {busy ? 'Sending…' : 'Approve'}
        </button>
      </div>
    </>
  );
}

export function ProposalReview({ id, onDecided }: { readonly id: string; readonly onDecided: () => void }) {
  const [version, setVersion] = useState(0);
  const loaded = useLoad((signal) => getProposal(id, signal), [id, version]);
  const detail = loaded.data;
  if (detail === undefined) return loaded.error !== undefined ? <ErrorNote error={loaded.error} /> : <p className="muted">Loading the proposal…</p>;
  const { proposal, preview } = detail;
  return (
    <section className="agents-review" aria-label={`Proposal: ${proposalTitle(proposal)}`}>
      <h3>{proposalTitle(proposal)}</h3>
      <p className={`agents-status agents-${proposal.status}`}>
        {statusText(proposal)}
        {proposal.message !== undefined && `: ${proposal.message}`}
        {proposal.journalId !== undefined && ` (journal entry ${proposal.journalId}: undo it from Recent writes)`}
      </p>
      {proposal.reason !== undefined && (
        <p>
          <strong>The agent’s reason: </strong>
          {proposal.reason}
        </p>
      )}
      {KIND_EXPLANATIONS[proposal.kind] !== undefined && <p className="muted">{KIND_EXPLANATIONS[proposal.kind]}</p>}
      <ItemChange detail={detail} />
      <TransactionItems detail={detail} />
      {preview.existing !== undefined && preview.existing.length > 0 && <p>Tables that exist already: {preview.existing.join(', ')}</p>}
      {preview.request !== undefined && (
        <>
          <h4 className="ed-subhead">The exact request: {preview.request.operation}</h4>
          <pre className="request ed-request" aria-label="The exact request" tabIndex={0}>
            {JSON.stringify(preview.request.wire, null, 2)}
          </pre>
        </>
      )}
      {preview.plan?.tables.map((table) => (
        <div key={table.name}>
          <h4 className="ed-subhead">CreateTable {table.name}</h4>
          <pre className="request ed-request" aria-label={`The CreateTable request of ${table.name}`} tabIndex={0}>
            {JSON.stringify(table.request, null, 2)}
          </pre>
        </div>
      ))}
      {proposal.status === 'pending' && (
        <Decision
          proposal={proposal}
          onDecided={() => {
            setVersion((v) => v + 1);
            onDecided();
          }}
        />
      )}
    </section>
  );
}
