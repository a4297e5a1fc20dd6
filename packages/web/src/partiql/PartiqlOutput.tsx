/**
 * A Query or GetItem as PartiQL: the SELECT that runs it (core's
 * requestToSelect) and that statement as ExecuteStatement in SDK v3, boto3
 * and the AWS CLI — the expression builder's PartiQL output.
 */
import { useMemo } from 'react';
import { generateStatementCode, requestToSelect, STATEMENT_LANGUAGES, type CodegenParams, type PartiqlTableDescription } from '@dynotable/core';

const LANGUAGE_NAMES = { typescript: 'TypeScript (SDK v3 ExecuteStatementCommand)', python: 'Python (boto3 execute_statement)', 'aws-cli': 'AWS CLI' } as const;

interface PartiqlOutputProps {
  readonly operation: string;
  readonly params: CodegenParams;
  readonly table: PartiqlTableDescription;
}

export function PartiqlOutput({ operation, params, table }: PartiqlOutputProps) {
  const converted = useMemo(() => {
    if (operation !== 'Query' && operation !== 'GetItem') return { problem: `PartiQL runs a Query or GetItem as a SELECT; a ${operation} is not written as one here.` };
    try {
      const select = requestToSelect(params, table);
      return { select, code: STATEMENT_LANGUAGES.map((language) => [language, generateStatementCode({ statement: select.text, parameters: select.parameters, consistentRead: params.ConsistentRead === true }, language)] as const) };
    } catch (error) {
      return { problem: error instanceof Error ? error.message : String(error) };
    }
  }, [operation, params, table]);
  if ('problem' in converted) return <p className="muted">{converted.problem}</p>;
  return (
    <div className="pq-output">
      <pre className="xp-code" tabIndex={0} aria-label="PartiQL statement of the request">
        {converted.select.text}
      </pre>
      {converted.code.map(([language, code]) => (
        <details key={language}>
          <summary>{LANGUAGE_NAMES[language]}</summary>
          <pre className="xp-code" tabIndex={0} aria-label={`ExecuteStatement in ${LANGUAGE_NAMES[language]}`}>
            {code}
          </pre>
        </details>
      ))}
    </div>
  );
}
