/** One expression kind's friendly text, with DynamoDB's error under it and the token underlined. */
import { useId } from 'react';
import { FieldError } from '../workbench/FieldError.js';
import { ALIAS_REASONS, type AliasUse } from './aliases.js';
import type { FieldProblem } from './build-request.js';
import { EXPRESSION_KINDS, type ExpressionKind } from './operation-fields.js';
import { UnderlinedText } from './UnderlinedText.js';

interface ExpressionFieldProps {
  readonly kind: ExpressionKind;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly problem: FieldProblem | undefined;
  readonly required: boolean;
  /** Names in this text that must be aliased, and the alias the request uses. */
  readonly aliases: readonly AliasUse[] | undefined;
}

export function ExpressionField({ kind, value, onChange, problem, required, aliases }: ExpressionFieldProps) {
  const id = useId();
  const { label, parameter, hint } = EXPRESSION_KINDS[kind];
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="xp-field">
      <label htmlFor={id}>
        {label} <span className="muted">({parameter}{required ? '' : ', optional'})</span>
      </label>
      <UnderlinedText
        id={id}
        value={value}
        onChange={onChange}
        location={problem?.location}
        placeholder={hint}
        invalid={problem !== undefined}
        describedBy={problem !== undefined ? `${errorId} ${hintId}` : hintId}
      />
      <span id={hintId} className="visually-hidden">
        For example: {hint}
      </span>
      {aliases !== undefined && aliases.length > 0 && (
        <ul className="xp-flags" aria-label={`Names in the ${label.toLowerCase()} that need an alias`}>
          {aliases.map((use) => (
            <li key={use.name} className={`xp-flag xp-flag-${use.reason}`}>
              <code>{use.name}</code> is {ALIAS_REASONS[use.reason]}: written <code>{use.alias}</code>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={errorId} error={problem === undefined ? undefined : { message: problem.message, ...(problem.location !== undefined ? { location: problem.location, text: value } : {}) }} />
    </div>
  );
}
