/** `dynotable design`: designs keys for a model (or for questions typed on the command line), or checks the keys it has. */
import { PatternError, designModel, modelFromQuestions, renderDesign, serializeModel, type Model } from '@dynotable/core';
import { MODEL_OUTPUT_FLAGS, readCommand } from './command-args.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, UsageError, type Output, printBlock } from './io.js';
import { looksLikeModelFile, readModelFile, writeNewFile } from './model-file.js';
import { DESIGN_HELP } from './model-help.js';

export function runDesign(args: string[], io: Output): number {
  const command = readCommand(args, 'design', DESIGN_HELP, MODEL_OUTPUT_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  if (positionals.length === 0) throw new UsageError('give a model file or at least one question', hint);
  const model = modelFor(positionals, hint);
  const result = designModel(model);
  if (values.output !== undefined) writeNewFile(values.output, serializeModel(result.model, 'yaml'), values.force === true);
  printBlock(io, values.json === true ? JSON.stringify(result, null, 2) : renderDesign(result));
  return result.problems.length === 0 ? EXIT_OK : EXIT_FAILURE;
}

function modelFor(positionals: string[], hint: string): Model {
  const [first] = positionals;
  if (positionals.length === 1 && looksLikeModelFile(first!)) return readModelFile(first!);
  if (positionals.some(looksLikeModelFile)) throw new UsageError('give either one model file or questions, not both', hint);
  try {
    return modelFromQuestions(positionals);
  } catch (error) {
    if (error instanceof PatternError) throw new CommandFailure(error.message);
    throw error;
  }
}
