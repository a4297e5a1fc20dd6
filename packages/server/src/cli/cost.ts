/** `dynotable cost`: units and money per access pattern and write path, or the move-versus-GSI comparison. */
import { compareMoveWithIndexUpdate, costModel, MAX_ITEM_SIZE_BYTES, PriceFileError, readPriceOverride, renderCostReport, renderMoveComparison, withAssumptions, withoutFloatNoise } from '@dynotable/core';
import { onePositional, readCommand } from './command-args.js';
import { COST_FLAGS } from './command-table.js';
import { CommandFailure, EXIT_OK, UsageError, type Output, printBlock } from './io.js';
import { readModelFile, readTextFile } from './model-file.js';
import { COST_HELP } from './model-help.js';

type PriceOverrides = Parameters<typeof costModel>[1];

export function runCost(args: string[], io: Output): number {
  const command = readCommand(args, 'cost', COST_HELP, COST_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const prices = values.prices === undefined ? undefined : readPrices(values.prices);
  const json = values.json === true;
  if (values['compare-move'] === true) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}' with --compare-move`, hint);
    const comparison = compareMoveWithIndexUpdate(itemBytes(values['item-bytes'], hint), prices);
    printBlock(io, json ? JSON.stringify(withoutFloatNoise(comparison), null, 2) : renderMoveComparison(comparison));
    return EXIT_OK;
  }
  if (values['item-bytes'] !== undefined) throw new UsageError('--item-bytes goes with --compare-move', hint);
  const model = readModelFile(onePositional(positionals, 'the model file', hint));
  // --assume prices the figures the file lacks at the designer's defaults, marked assumed; the file is not changed.
  const report = costModel(values.assume === true ? withAssumptions(model) : model, prices);
  printBlock(io, json ? JSON.stringify(withoutFloatNoise(report), null, 2) : renderCostReport(report));
  return EXIT_OK;
}

function itemBytes(text: string | undefined, hint: string): number {
  if (text === undefined) return 1024;
  const bytes = Number(text);
  if (!/^\d+$/.test(text) || bytes < 1 || bytes > MAX_ITEM_SIZE_BYTES) {
    throw new UsageError(`--item-bytes must be a whole number of bytes from 1 to ${MAX_ITEM_SIZE_BYTES} (got '${text}')`, hint);
  }
  return bytes;
}

/** The price file, checked as strictly as a model (unknown keys, prices that are not numbers of 0 or more): docs/pricing.md. */
function readPrices(path: string): PriceOverrides {
  const text = readTextFile(path, 'price file');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CommandFailure(`price file '${path}' is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return readPriceOverride(parsed);
  } catch (error) {
    if (!(error instanceof PriceFileError)) throw error;
    const count = error.problems.length;
    throw new CommandFailure(`${count} problem${count === 1 ? '' : 's'} in the price file '${path}':\n${error.problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}
