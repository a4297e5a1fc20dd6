/**
 * The request the expressions make: the parameters in DynamoDB's wire JSON,
 * the names that had to be aliased and why, and ready programs in five
 * languages (core's generateCode), each with a copy button.
 */
import { generateCode, toWireRequest, type CodegenParams } from '@dynotable/core';
import { useId, useMemo, useState } from 'react';
import { ColumnHeads } from '../app/ColumnHeads.js';
import { copyToClipboard } from '../workbench/clipboard.js';
import { LanguageTabs } from '../workbench/LanguageTabs.js';
import { PROGRAM_LANGUAGES, type ProgramLanguage } from '../workbench/expression-view.js';
import { ALIAS_REASONS, type AliasUse } from './aliases.js';
import type { Operation } from './expression-state.js';
import { PartiqlOutput } from '../partiql/PartiqlOutput.js';
import type { PartiqlTableDescription } from '@dynotable/core';

interface RequestViewProps {
  readonly operation: Operation;
  readonly params: CodegenParams;
  readonly aliases: readonly AliasUse[];
  /** The keys the request reads by, for its PartiQL form. */
  readonly partiqlTable?: PartiqlTableDescription;
}

function program(operation: Operation, params: CodegenParams, language: ProgramLanguage): string {
  try {
    return generateCode({ operation, params }, language);
  } catch (error) {
    return `// ${error instanceof Error ? error.message : String(error)}`;
  }
}

function Aliases({ aliases }: { readonly aliases: readonly AliasUse[] }) {
  if (aliases.length === 0) return <p className="muted">No name needs an alias: every attribute name is written bare.</p>;
  return (
    <table className="xp-aliases" aria-label="Names written through aliases">
      <ColumnHeads names={['Name', 'Alias', 'Why']} />
      <tbody>
        {aliases.map((use) => (
          <tr key={use.alias} className={`xp-alias-${use.reason}`}>
            <th scope="row" className="xp-mono">
              {use.name}
            </th>
            <td className="xp-mono">{use.alias}</td>
            <td>{ALIAS_REASONS[use.reason]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RequestView({ operation, params, aliases, partiqlTable }: RequestViewProps) {
  const id = useId();
  const [language, setLanguage] = useState<ProgramLanguage>('typescript');
  const [copied, setCopied] = useState<string | undefined>(undefined);
  const wire = useMemo(() => JSON.stringify(toWireRequest(params), null, 2), [params]);
  const code = useMemo(() => program(operation, params, language), [operation, params, language]);
  const label = PROGRAM_LANGUAGES.find((option) => option.id === language)?.label ?? language;

  const copy = async (what: string, text: string) => {
    const ok = await copyToClipboard(text);
    setCopied(ok ? `Copied the ${what}` : 'Copy failed: select the text and copy it');
    window.setTimeout(() => setCopied(undefined), 2500);
  };

  return (
    <section className="tool-panel xp-request" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>The request</h2>
      <h3>Aliased names</h3>
      <Aliases aliases={aliases} />
      <h3>
        {operation} parameters <span className="muted">(wire JSON)</span>
      </h3>
      <div className="xp-row">
        <button type="button" onClick={() => void copy('parameters', wire)}>
          Copy the parameters
        </button>
      </div>
      <pre className="xp-code" tabIndex={0} aria-label={`${operation} parameters`}>
        {wire}
      </pre>
      <h3>Programs</h3>
      <LanguageTabs idPrefix={id} language={language} onChange={setLanguage} className="xp-tabs" />
      <div className="xp-row">
        <button type="button" onClick={() => void copy(`${label} program`, code)}>
          Copy {label}
        </button>
        <span role="status" className="muted">
          {copied}
        </span>
      </div>
      <pre className="xp-code" id={`${id}-program`} role="tabpanel" aria-labelledby={`${id}-tab-${language}`} tabIndex={0}>
        {code}
      </pre>
      {partiqlTable !== undefined && (
        <>
          <h3>PartiQL</h3>
          <PartiqlOutput operation={operation} params={params} table={partiqlTable} />
        </>
      )}
    </section>
  );
}
