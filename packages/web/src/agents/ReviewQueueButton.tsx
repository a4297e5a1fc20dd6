/** The header's way into the review queue: a button with how many agents' writes wait for a person. */
import { useState } from 'react';
import { LazyPart } from '../app/LazyPart.js';
import { lazyPart } from '../app/lazy-part.js';
import { useProposals } from './use-proposals.js';
import './agents.css';

const ReviewQueuePanel = lazyPart(() => import('./ReviewQueuePanel.js').then((module) => module.ReviewQueuePanel));

export function ReviewQueueButton() {
  const { list, error, refresh } = useProposals();
  const [open, setOpen] = useState(false);
  const pending = list?.pending ?? 0;
  return (
    <>
      <button type="button" className="agents-open" aria-label={`Agent writes: ${pending} waiting for review`} title="Writes proposed by coding agents, waiting for your review" onClick={() => setOpen(true)}>
        Agent writes
        {pending > 0 && (
          <span className="count-badge" aria-hidden="true">
            {pending}
          </span>
        )}
      </button>
      <LazyPart label="The review queue">
        {open && <ReviewQueuePanel list={list} error={error} onChanged={refresh} onClose={() => setOpen(false)} />}
      </LazyPart>
    </>
  );
}
