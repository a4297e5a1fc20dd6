/**
 * The proposed design as the questions change: tables and GSIs, each
 * entity's key templates, the one operation for each access pattern, and
 * one sentence on why for every decision. "Accept the design" merges it into
 * the model document.
 */
import type { KeyAttribute, Model, PatternPlan } from '@dynotable/core';
import { memo } from 'react';
import { ColumnHeads } from '../app/ColumnHeads.js';
import { ErrorNote } from '../app/ErrorNote.js';
import type { DesignAnswer } from './design-api.js';
import { keysText } from '../table-picture/picture-text.js';
import { TablePictureSlot } from './TablePictureSlot.js';

interface ProposalViewProps {
  readonly answer: DesignAnswer | undefined;
  readonly error: unknown;
  readonly onAccept: (answer: DesignAnswer) => void;
  readonly accepted: boolean;
  /** What became of the last accept when nothing was written (kept, or already there). */
  readonly note?: string | undefined;
}

const keyText = (key: KeyAttribute | undefined) => (key === undefined ? '—' : `${key.name} (${key.type})`);

function Tables({ model }: { readonly model: Model }) {
  return (
    <div className="proposal-block">
      <h3>Tables and indexes</h3>
      <table className="proposal-table">
        <ColumnHeads names={['Table or index', 'Partition key', 'Sort key', 'Projection']} />
        <tbody>
          {model.tables.flatMap((table) => [
            <tr key={table.name}>
              <th scope="row">{table.name}</th>
              <td>{keyText(table.partitionKey)}</td>
              <td>{keyText(table.sortKey)}</td>
              <td>—</td>
            </tr>,
            ...table.globalSecondaryIndexes.map((index) => (
              <tr key={`${table.name}/${index.name}`} className="proposal-gsi">
                <th scope="row">GSI {index.name}</th>
                <td>{keysText(index.partitionKeys)}</td>
                <td>{index.sortKeys.length === 0 ? '—' : keysText(index.sortKeys)}</td>
                <td>{index.projection.type}</td>
              </tr>
            )),
          ])}
        </tbody>
      </table>
    </div>
  );
}

function KeyTemplates({ model }: { readonly model: Model }) {
  return (
    <div className="proposal-block">
      <h3>Key templates</h3>
      {model.entities.map((entity) => (
        <div key={entity.name} className="key-templates">
          <h4>{entity.name}</h4>
          <dl>
            {Object.entries(entity.keys).map(([attribute, template]) => (
              <div key={attribute} className="key-template">
                <dt>{attribute}</dt>
                <dd>
                  <code>{template}</code>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

function planSummary(plan: PatternPlan): string {
  const where = plan.index === undefined ? plan.table : `${plan.table} GSI ${plan.index}`;
  return `${plan.operation} on ${where}`;
}

/** Rows take strings, so a new answer re-renders only the rows that changed. */
const PlanRow = memo(function PlanRow({ question, summary, why, scan }: { question: string | undefined; summary: string; why: string; scan: boolean }) {
  return (
    <li className={scan ? 'plan-scan' : undefined} data-question={question}>
      <p>
        <q>{question}</q> → <strong>{summary}</strong>
      </p>
      <p className="muted">{why}</p>
    </li>
  );
});

function Plans({ answer }: { readonly answer: DesignAnswer }) {
  const questions = new Map(answer.model.accessPatterns.map((pattern) => [pattern.name, pattern.question]));
  return (
    <div className="proposal-block">
      <h3>How each question is answered</h3>
      <ol className="plan-list">
        {answer.plans.map((plan) => (
          <PlanRow key={plan.pattern} question={questions.get(plan.pattern)} summary={planSummary(plan)} why={plan.why} scan={plan.operation === 'Scan'} />
        ))}
      </ol>
    </div>
  );
}

const DecisionRow = memo(function DecisionRow({ subject, decision, why }: { subject: string; decision: string; why: string }) {
  return (
    <li>
      <strong>{subject}</strong>: {decision}. <span className="muted">{why}</span>
    </li>
  );
});

function Decisions({ answer }: { readonly answer: DesignAnswer }) {
  return (
    <div className="proposal-block">
      <h3>Why</h3>
      <ul className="decision-list">
        {answer.decisions.map((decision, index) => (
          <DecisionRow key={`${decision.subject}-${index}`} subject={decision.subject} decision={decision.decision} why={decision.why} />
        ))}
      </ul>
    </div>
  );
}

/** Memoised: a keystroke re-renders the page; the proposal only when its answer changes. */
export const ProposalView = memo(function ProposalView({ answer, error, onAccept, accepted, note }: ProposalViewProps) {
  return (
    <section className="designer-proposal" aria-labelledby="designer-proposal-heading" aria-busy={false}>
      <div className="proposal-head">
        <h2 id="designer-proposal-heading">Proposed design</h2>
        <button type="button" className="primary" disabled={answer === undefined} onClick={() => answer && onAccept(answer)}>
          Accept the design
        </button>
      </div>
      <p className={accepted ? 'ok-note' : 'muted'} role="status">
        {accepted ? 'Written to the model file.' : (note ?? '')}
      </p>
      <ErrorNote error={error} />
      {answer === undefined ? (
        <p className="muted">Type an access pattern to see the tables, keys and indexes that answer it.</p>
      ) : (
        <>
          {answer.mode === 'checked' && <p className="muted">The entities already have keys: the proposal checks them rather than designing new ones.</p>}
          {answer.problems.length > 0 && (
            <ul className="proposal-problems">
              {answer.problems.map((problem, index) => (
                <li key={index}>
                  {problem.pattern !== undefined && <strong>{problem.pattern}: </strong>}
                  {problem.message}
                </li>
              ))}
            </ul>
          )}
          <Tables model={answer.model} />
          <KeyTemplates model={answer.model} />
          <Plans answer={answer} />
          <Decisions answer={answer} />
          <TablePictureSlot model={answer.model} />
        </>
      )}
    </section>
  );
});
