/**
 * The expression builder: pick an operation, write each expression it takes
 * in friendly text (raw names, literal values), and get DynamoDB's error under
 * the exact token, the names that need #aliases, and the request with ready
 * programs; a read runs on a table of the connection, or opens in the query
 * panel. The whole state is in the URL, so a link shares it.
 */
import { Fragment, useId, useMemo, useState } from 'react';
import type { ConnectionInfo } from '../api/types.js';
import { usePageSearch } from '../app/use-page-search.js';
import { boundTrapNote } from './bound-trap.js';
import { BoundTrapNote } from './BoundTrapNote.js';
import { buildRequest } from './build-request.js';
import { ExpressionField } from './ExpressionField.js';
import { OPERATIONS, searchFromState, stateFromSearch, type ExpressionState } from './expression-state.js';
import { KeyFields } from './KeyFields.js';
import { OPERATION_FIELDS } from './operation-fields.js';
import { RequestView } from './RequestView.js';
import { partiqlTableOf } from './partiql-table.js';
import { RunPanel } from './RunPanel.js';
import { TablePicker } from './TablePicker.js';
import { UnderlinedText } from './UnderlinedText.js';
import './expressions.css';

export function ExpressionsPage({ connections }: { readonly connections: readonly ConnectionInfo[] }) {
  const id = useId();
  const [search, setSearch] = usePageSearch();
  const state = useMemo(() => stateFromSearch(search), [search]);
  const built = useMemo(() => buildRequest(state), [state]);
  const trapNote = useMemo(() => (built.problems.key === undefined ? boundTrapNote(state) : undefined), [state, built]);
  const fields = OPERATION_FIELDS[state.operation];
  const { problems } = built;
  const [tableListed, setTableListed] = useState<boolean | undefined>(undefined);
  const connection = connections.find((each) => each.id === state.connection) ?? connections.find((each) => each.kind === 'embedded') ?? connections[0];
  const change = (next: Partial<ExpressionState>) => setSearch((current) => searchFromState({ ...stateFromSearch(current), ...next }, current));

  return (
    <div className="xp-page">
      <h1>Expression builder</h1>
      <p className="muted">
        Write expressions with plain attribute names (reserved words too) and literal values: <code>&quot;text&quot;</code>, <code>12.5</code>, <code>true</code>,{' '}
        <code>null</code>, <code>[1, &quot;a&quot;]</code>, <code>{'{"k": 1}'}</code>, <code>{'<<"a", "b">>'}</code> for a set, <code>b64&quot;AQI=&quot;</code> for binary;
        backquote a name with spaces or dots: <code>`first name`</code>. The placeholders are written for you.
      </p>
      <form className="xp-form" onSubmit={(event) => event.preventDefault()}>
        <fieldset className="xp-operations">
          <legend>Operation</legend>
          {OPERATIONS.map((operation) => (
            <label key={operation} className="xp-operation">
              <input type="radio" name={`${id}-operation`} value={operation} checked={state.operation === operation} onChange={() => change({ operation })} />
              {operation}
            </label>
          ))}
        </fieldset>
        <TablePicker connections={connections} connection={connection} state={state} withIndex={fields.index} onChange={change} onListed={setTableListed} />
        {problems.table !== undefined && (
          <p className="xp-problem" id={`${id}-table-problem`} role="alert">
            {problems.table.message}
          </p>
        )}
        {problems.index !== undefined && (
          <p className="xp-problem" id={`${id}-index-problem`} role="alert">
            {problems.index.message}
          </p>
        )}
        {fields.keyInput !== 'none' && <KeyFields state={state} withValues={fields.keyInput === 'values'} onChange={change} problems={problems} />}
        {fields.item && (
          <div className="xp-field">
            <label htmlFor={`${id}-item`}>
              Item <span className="muted">(plain JSON or DynamoDB JSON)</span>
            </label>
            <UnderlinedText
              id={`${id}-item`}
              value={state.item}
              onChange={(item) => change({ item })}
              location={problems.item?.location}
              rows={8}
              invalid={problems.item !== undefined}
              {...(problems.item !== undefined ? { describedBy: `${id}-item-problem` } : {})}
            />
            {problems.item !== undefined && (
              <p className="xp-problem" id={`${id}-item-problem`} role="alert">
                {problems.item.message}
              </p>
            )}
          </div>
        )}
        {fields.expressions.map((kind) => (
          <Fragment key={kind}>
            <ExpressionField
              kind={kind}
              value={state[kind]}
              onChange={(text) => change({ [kind]: text })}
              problem={problems[kind]}
              required={fields.required.includes(kind)}
              aliases={built.fieldAliases[kind]}
            />
            {kind === 'key' && trapNote !== undefined && <BoundTrapNote note={trapNote} onUse={(key) => change({ key })} />}
          </Fragment>
        ))}
      </form>
      {problems.request !== undefined && (
        <p className="xp-problem" role="alert">
          {problems.request.message}
        </p>
      )}
      {built.params !== undefined ? (
        <RequestView operation={built.operation} params={built.params} aliases={built.aliases} partiqlTable={partiqlTableOf(state)} />
      ) : (
        <p className="muted">Fix the fields marked above to see the request and its programs.</p>
      )}
      <RunPanel state={state} params={built.params} connection={connection} tableListed={tableListed === true} />
    </div>
  );
}
