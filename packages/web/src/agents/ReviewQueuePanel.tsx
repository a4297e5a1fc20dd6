/** The review queue: every proposal of the session, waiting ones first; the chosen one reviewed beside the list. */
import { useState } from 'react';
import { Dialog } from '../app/Dialog.js';
import { ErrorNote } from '../app/ErrorNote.js';
import type { ProposalList } from './agents-api.js';
import { ExposeToAgents } from './ExposeToAgents.js';
import { McpSwitch } from './McpSwitch.js';
import { ProposalReview } from './ProposalReview.js';
import { proposalTitle, statusText } from './proposal-words.js';
import './agents.css';

interface ReviewQueuePanelProps {
  readonly list: ProposalList | undefined;
  readonly error: unknown;
  readonly onChanged: () => void;
  readonly onClose: () => void;
}

export function ReviewQueuePanel({ list, error, onChanged, onClose }: ReviewQueuePanelProps) {
  const proposals = [...(list?.proposals ?? [])].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const shown = chosen ?? proposals[0]?.id;
  return (
    <Dialog title="Agent writes to review" onClose={onClose} wide>
      <p className="muted">
        Writes a coding agent proposed through the MCP endpoint. Nothing is written until you approve; an approved write is journaled and can be undone.
      </p>
      <McpSwitch />
      <ExposeToAgents />
      <ErrorNote error={error} />
      {list !== undefined && proposals.length === 0 && <p>No agent has proposed a write yet.</p>}
      <div className="agents-queue">
        <ul className="agents-list" aria-label="Proposals">
          {proposals.map((proposal) => (
            <li key={proposal.id}>
              <button type="button" aria-pressed={proposal.id === shown} className={`agents-${proposal.status}`} onClick={() => setChosen(proposal.id)}>
                <strong>{proposalTitle(proposal)}</strong>
                <span className="muted"> · {statusText(proposal)}</span>
                {proposal.reason !== undefined && <span className="agents-reason">{proposal.reason}</span>}
              </button>
            </li>
          ))}
        </ul>
        {shown !== undefined && (
          <ProposalReview
            key={shown}
            id={shown}
            onDecided={() => {
              // The decided proposal stays in view (with its outcome) when the list is sorted again.
              setChosen(shown);
              onChanged();
            }}
          />
        )}
      </div>
    </Dialog>
  );
}
