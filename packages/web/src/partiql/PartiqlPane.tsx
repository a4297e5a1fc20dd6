/**
 * The PartiQL pane beside the query panes: the statement in an editor with
 * colouring and completion, a field per `?`, the plan and its cost beside
 * it as it is typed (a Scan flagged, with the key condition it needs one
 * click away), results in the item grid, and writes through a review, the
 * connection's write guard and the journal like every other write.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { countParameters, parseStatement, requestToSelect, attributeValueToWire, type CodegenParams, type PartiqlTableDescription, type WireItem } from '@dynotable/core';
import type { TableDescription } from '../api/types.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { sizingStorageKey } from '../workbench/column-sizing.js';
import { ItemGrid } from '../workbench/ItemGrid.js';
import { parameterValue } from './parameter-value.js';
import { planOf, runSelect, runWrite, type StatementPlanView, type StatementResult } from './partiql-api.js';
import { withKeyCondition } from './key-rewrite.js';
import { PlanLine } from './PlanLine.js';
import { planPrecheck } from './plan-precheck.js';
import { StatementText } from './StatementText.js';
import { WriteReview } from './WriteReview.js';
import { readOfPlan } from './plan-to-read.js';
import { stateOfNote } from '../workbench/query-notes.js';
import type { QueryState } from '../workbench/query-state.js';
import { useQueryHistory } from '../workbench/use-query-history.js';
import '../workbench/workbench.css';
import './partiql.css';

const PLAN_DELAY_MS = 300;

interface PaneRequest {
  readonly number: number;
  readonly params: CodegenParams | undefined;
}

export interface PartiqlPaneProps {
  readonly connectionId: string;
  readonly table: string;
  readonly description: TableDescription;
  readonly keyNames: readonly string[];
  /** The query panes' requests, to open one as a SELECT. */
  readonly panes: readonly PaneRequest[];
  readonly highlighted: string | undefined;
  readonly onHighlight: (id: string | undefined) => void;
  /** A write was made: the panes read again. */
  readonly onWritten: (item?: WireItem) => void;
  readonly onClose: () => void;
  /** Opens a query pane (a SELECT that is one Query, GetItem or Scan, as a pane). */
  readonly onOpenPane: (state: QueryState) => void;
}

function parameterCount(text: string): number | undefined {
  try {
    return countParameters(parseStatement(text));
  } catch {
    return undefined;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function PartiqlPane(props: PartiqlPaneProps) {
  const { connectionId, table, description, keyNames } = props;
  const [text, setText] = useState(`SELECT * FROM "${table}"`);
  const [parameters, setParameters] = useState<string[]>([]);
  const [plan, setPlan] = useState<StatementPlanView | undefined>(undefined);
  const [planError, setPlanError] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<StatementResult | undefined>(undefined);
  const [items, setItems] = useState<readonly WireItem[]>([]);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<unknown>(undefined);
  const [running, setRunning] = useState(false);
  const [reviewing, setReviewing] = useState<StatementPlanView | undefined>(undefined);
  const [written, setWritten] = useState<string | undefined>(undefined);

  const recordRun = useQueryHistory(connectionId, table);
  /** The plan as a pane's read, when it is one on this table. */
  const asRead = useMemo(() => {
    if (plan === undefined || plan.tableName !== table) return undefined;
    try {
      return readOfPlan(plan);
    } catch {
      return undefined;
    }
  }, [plan, table]);
  const count = parameterCount(text) ?? parameters.length;
  const shownParameters = useMemo(() => Array.from({ length: count }, (_, i) => parameters[i] ?? ''), [count, parameters]);
  const body = useMemo(() => ({ statement: text, parameters: shownParameters.map(parameterValue) }), [text, shownParameters]);
  const bodyKey = JSON.stringify(body);

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const problem = planPrecheck(text, shownParameters);
      if (problem !== undefined) {
        setPlan(undefined);
        setPlanError(problem);
        return;
      }
      planOf(connectionId, body, controller.signal).then(
        (answer) => {
          setPlan(answer.plan);
          setPlanError(undefined);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setPlan(undefined);
          setPlanError(errorText(failure));
        },
      );
    }, PLAN_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // The body's text decides a new plan.
  }, [bodyKey, connectionId]);

  const names = useMemo(() => {
    const attributes = new Set<string>(description.table.AttributeDefinitions.map((definition) => definition.AttributeName));
    for (const item of items.slice(0, 200)) for (const name of Object.keys(item)) attributes.add(name);
    const indexes = [...(description.table.GlobalSecondaryIndexes ?? []), ...(description.table.LocalSecondaryIndexes ?? [])].map((index) => index.IndexName);
    return { tables: [table], indexes, attributes: [...attributes] };
  }, [description, items, table]);

  const show = (answer: StatementResult, more: boolean) => {
    setResult(answer);
    setItems((current) => (more ? [...current, ...answer.items] : answer.items));
    if (!more) setVersion((v) => v + 1);
    setPlan(answer.plan);
  };

  const run = useCallback(async () => {
    setError(undefined);
    setWritten(undefined);
    if (plan?.write === true) {
      setReviewing(plan);
      return;
    }
    setRunning(true);
    try {
      const answer = await runSelect(connectionId, body);
      show(answer, false);
      // With the panes' runs in the table's history, as the read it is.
      const read = answer.plan.tableName === table ? readOfPlan(answer.plan) : undefined;
      if (read !== undefined) recordRun({ request: read });
    } catch (failure) {
      setError(failure);
    } finally {
      setRunning(false);
    }
  }, [plan, connectionId, bodyKey, table, recordRun]);

  const more = async () => {
    if (result?.nextToken === undefined) return;
    try {
      show(await runSelect(connectionId, { ...body, nextToken: result.nextToken }), true);
    } catch (failure) {
      setError(failure);
    }
  };

  const write = async () => {
    setReviewing(undefined);
    setRunning(true);
    try {
      const answer = await runWrite(connectionId, body);
      setResult(answer);
      setItems(answer.items);
      setVersion((v) => v + 1);
      const journal = answer.journal;
      const recorded = journal === undefined ? '' : 'operationId' in journal ? ' Recorded in the journal.' : ` ${journal.error}`;
      setWritten(answer.change === undefined ? 'Nothing changed.' : `Written: ${answer.plan.line}.${recorded}`);
      props.onWritten(answer.change?.key);
    } catch (failure) {
      setError(failure);
    } finally {
      setRunning(false);
    }
  };

  const rewrite = (keys: readonly string[]) => {
    const next = withKeyCondition(text, keys);
    setParameters([...keys.map(() => ''), ...shownParameters]);
    setText(next.statement);
  };

  const fromPane = (params: CodegenParams) => {
    try {
      const select = requestToSelect(params, description.table as unknown as PartiqlTableDescription);
      setText(select.text);
      setParameters(select.parameters.map((value) => JSON.stringify(attributeValueToWire(value))));
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section className="wb-pane pq-pane" aria-label="PartiQL">
      <header className="wb-pane-header">
        <h2>PartiQL</h2>
        <div className="wb-row">
          {props.panes.map((pane) => (
            <button key={pane.number} type="button" disabled={pane.params === undefined} onClick={() => pane.params !== undefined && fromPane(pane.params)} title="The pane's query as a SELECT">
              From pane {pane.number}
            </button>
          ))}
          <button type="button" aria-label="Close PartiQL" onClick={props.onClose}>
            Close
          </button>
        </div>
      </header>
      <div className="wb-pane-body">
        <StatementText text={text} label="PartiQL statement" names={names} onChange={setText} onRun={() => void run()} />
        {shownParameters.map((value, index) => (
          <label key={index} className="pq-parameter">
            <span>Parameter {index + 1}</span>
            <input
              className="wb-mono"
              value={value}
              placeholder='text, a number, or DynamoDB JSON such as {"N":"5"}'
              onChange={(event) => setParameters(shownParameters.map((old, i) => (i === index ? event.target.value : old)))}
            />
          </label>
        ))}
        <PlanLine plan={plan} error={planError} onRewrite={rewrite} />
        {plan !== undefined && (
          <details className="pq-code">
            <summary>The statement as code</summary>
            <h3>SDK v3 (ExecuteStatementCommand)</h3>
            <pre className="wb-mono">{plan.statementCode.typescript}</pre>
            <h3>boto3 (execute_statement)</h3>
            <pre className="wb-mono">{plan.statementCode.python}</pre>
            <h3>AWS CLI</h3>
            <pre className="wb-mono">{plan.statementCode['aws-cli']}</pre>
            <h3>What it runs as ({plan.operation})</h3>
            {plan.requests.map((request, index) => (
              <pre key={index} className="wb-mono">
                {JSON.stringify(request.wire, null, 2)}
              </pre>
            ))}
          </details>
        )}
        <div className="wb-row">
          <button type="button" className="primary" disabled={running} onClick={() => void run()}>
            {running ? 'Running…' : plan?.write === true ? 'Review the write…' : 'Run'}
          </button>
          {asRead !== undefined && (
            <button type="button" onClick={() => props.onOpenPane(stateOfNote({ request: asRead }))} title="The statement's read as a query pane">
              Open as a pane
            </button>
          )}
          {result?.nextToken !== undefined && (
            <button type="button" onClick={() => void more()}>
              Next page
            </button>
          )}
        </div>
        <ErrorNote error={error} />
        {written !== undefined && <p role="status">{written}</p>}
        {result !== undefined && !result.plan.write && (
          <dl className="wb-stat-list" aria-label="PartiQL results">
            <div>
              <dt>Count</dt>
              <dd>{items.length.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>ScannedCount</dt>
              <dd>{result.scannedCount.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Consumed</dt>
              <dd>{Number(result.consumed.readUnits.toFixed(2))} RCU</dd>
            </div>
          </dl>
        )}
        <ItemGrid
          items={items}
          version={version}
          keyNames={keyNames}
          leadingColumns={keyNames}
          highlighted={props.highlighted}
          onHighlight={props.onHighlight}
          onSelectionChange={() => undefined}
          label="Items of the PartiQL statement"
          sizingKey={sizingStorageKey(connectionId, table)}
        />
      </div>
      {reviewing !== undefined && <WriteReview plan={reviewing} onWrite={() => void write()} onClose={() => setReviewing(undefined)} />}
    </section>
  );
}
