/** `dynotable design`: designs keys for a model (or for questions typed on the command line), or checks the keys it has. */
import { designFromQuestions, designModel, renderDesign, serializeModel, type DesignResult, type QuestionsDesign } from '@dynotable/core';
import { readCommand } from './command-args.js';
import { DESIGN_FLAGS } from './command-table.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, UsageError, type Output, printBlock } from './io.js';
import { looksLikeModelFile, readModelFile, writeNewFile } from './model-file.js';
import { DESIGN_HELP } from './model-help.js';

export function runDesign(args: string[], io: Output): number {
  const command = readCommand(args, 'design', DESIGN_HELP, DESIGN_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  if (positionals.length === 0) throw new UsageError('give a model file or at least one question', hint);
  const result = designFor(positionals, hint);
  if (values.output !== undefined) writeNewFile(values.output, serializeModel(result.model, 'yaml'), values.force === true);
  printBlock(io, values.json === true ? JSON.stringify(result, null, 2) : renderDesign(result));
  const warned = 'warnings' in result && result.warnings.length > 0;
  return result.problems.length === 0 && !warned ? EXIT_OK : EXIT_FAILURE;
}

/**
 * A model file is designed or checked; questions are designed from nothing.
 * A question that does not read is left out and said as a warning; when no
 * question reads there is nothing to design.
 */
function designFor(positionals: string[], hint: string): DesignResult | QuestionsDesign {
  const [first] = positionals;
  if (positionals.length === 1 && looksLikeModelFile(first!)) return designModel(readModelFile(first!));
  if (positionals.some(looksLikeModelFile)) throw new UsageError('give either one model file or questions, not both', hint);
  const design = designFromQuestions(positionals);
  if (design.model.accessPatterns.length === 0) throw new CommandFailure(design.warnings.map((warning) => warning.message).join('\n'));
  return design;
}
