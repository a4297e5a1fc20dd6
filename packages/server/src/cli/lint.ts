/**
 * `dynotable lint`: the model's findings, for people or as JSON; fails on errors
 * and warnings. With --fix, the mechanical fixes are written into the file
 * (keeping its comments and layout), or only shown with --dry-run.
 */
import { randomBytes } from 'node:crypto';
import { realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { LINT_RULES, ModelError, fixModelText, lintModel, lintsClean, renderLineDiff, renderLintReport } from '@dynotable/core';
import type { LintFixResult } from '@dynotable/core';
import { onePositional, readCommand } from './command-args.js';
import { LINT_FLAGS } from './command-table.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, UsageError, type Output, printBlock } from './io.js';
import { readModelFile, readTextFile } from './model-file.js';
import { LINT_HELP } from './model-help.js';


export function runLint(args: string[], io: Output): number {
  const command = readCommand(args, 'lint', LINT_HELP, LINT_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const rules = values.rule;
  for (const id of rules ?? []) {
    if (!LINT_RULES.some((rule) => rule.id === id)) {
      throw new UsageError(`unknown rule '${id}'; the rules are: ${LINT_RULES.map((rule) => rule.id).join(', ')}`, hint);
    }
  }
  if (values['dry-run'] === true && values.fix !== true) throw new UsageError('--dry-run goes with --fix', hint);
  const path = onePositional(positionals, 'the model file', hint);
  const options = rules === undefined ? undefined : { rules };
  if (values.fix === true) return runFix(path, { dryRun: values['dry-run'] === true, json: values.json === true, options }, io);
  const findings = lintModel(readModelFile(path), options);
  printBlock(io, values.json === true ? JSON.stringify(findings, null, 2) : renderLintReport(findings));
  return lintsClean(findings) ? EXIT_OK : EXIT_FAILURE;
}

/**
 * Writes next to the file, then renames over it: a reader sees the old file or
 * the new one, never half. A symbolic link is followed, so the link stays.
 */
function writeAtomically(path: string, text: string): void {
  let temporary: string | undefined;
  try {
    const target = realpathSync(path);
    temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    const mode = statSync(target).mode & 0o777;
    writeFileSync(temporary, text, { mode, flag: 'wx' });
    renameSync(temporary, target);
  } catch (error) {
    if (temporary !== undefined) rmSync(temporary, { force: true });
    throw new CommandFailure(`cannot write '${path}': ${(error as Error).message}`);
  }
}

function fixes(result: LintFixResult): string {
  return result.applied.map((fix) => `  ${fix.rule} on ${fix.subject}: ${fix.label}`).join('\n');
}

function runFix(path: string, how: { dryRun: boolean; json: boolean; options: { rules: string[] } | undefined }, io: Output): number {
  const stdin = path === '-';
  const text = readTextFile(path, 'model file');
  const source = stdin ? undefined : path;
  let result: LintFixResult;
  try {
    result = fixModelText(text, source, how.options);
  } catch (error) {
    if (error instanceof ModelError) throw new CommandFailure(error.message);
    throw error;
  }
  const changed = result.text !== text;
  const write = changed && !how.dryRun && !stdin;
  if (write) writeAtomically(path, result.text);
  const name = stdin ? 'model' : path;
  const diff = renderLineDiff(text, result.text, name);
  const clean = lintsClean(result.findings);
  if (how.json) {
    const answer = {
      file: stdin ? null : path,
      written: write,
      dryRun: how.dryRun,
      clean,
      applied: result.applied,
      diff,
      findings: result.findings,
      ...(stdin || how.dryRun ? { text: result.text } : {}),
    };
    printBlock(io, JSON.stringify(answer, null, 2));
    return clean ? EXIT_OK : EXIT_FAILURE;
  }
  // With the model on standard input, the fixed model is the output and the account goes to standard error.
  const report = stdin && !how.dryRun ? (line: string) => io.stderr(line.endsWith('\n') ? line : `${line}\n`) : (line: string) => printBlock(io, line);
  if (stdin && !how.dryRun) io.stdout(result.text);
  const count = result.applied.length;
  if (count === 0) report(`Nothing to fix in ${name}.`);
  else {
    const verb = how.dryRun ? 'Would fix' : stdin ? 'Fixed' : 'Fixed and wrote';
    report(`${verb} ${count} finding${count === 1 ? '' : 's'} in ${name}:\n${fixes(result)}`);
    if (how.dryRun || !stdin) report(`${diff}\n`);
  }
  report(renderLintReport(result.findings));
  return clean ? EXIT_OK : EXIT_FAILURE;
}
