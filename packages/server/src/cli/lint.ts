/** `dynotable lint`: the model's findings, for people or as JSON; fails on errors and warnings. */
import { LINT_RULES, lintModel, renderLintReport } from '@dynotable/core';
import { onePositional, readCommand } from './command-args.js';
import { EXIT_FAILURE, EXIT_OK, UsageError, type Output, printBlock } from './io.js';
import { readModelFile } from './model-file.js';
import { LINT_HELP } from './model-help.js';

export function runLint(args: string[], io: Output): number {
  const command = readCommand(args, 'lint', LINT_HELP, { rule: { type: 'string', multiple: true }, json: { type: 'boolean' } }, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const rules = values.rule;
  for (const id of rules ?? []) {
    if (!LINT_RULES.some((rule) => rule.id === id)) {
      throw new UsageError(`unknown rule '${id}'; the rules are: ${LINT_RULES.map((rule) => rule.id).join(', ')}`, hint);
    }
  }
  const model = readModelFile(onePositional(positionals, 'the model file', hint));
  const findings = lintModel(model, rules === undefined ? undefined : { rules });
  printBlock(io, values.json === true ? JSON.stringify(findings, null, 2) : renderLintReport(findings));
  return findings.some((finding) => finding.severity !== 'info') ? EXIT_FAILURE : EXIT_OK;
}
