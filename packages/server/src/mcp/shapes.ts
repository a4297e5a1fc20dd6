/** Zod pieces the tools' input and output schemas share. */
import { z } from 'zod';

export const connectionField = z.string().min(1).describe("A connection's id, as list_connections gives it (e.g. 'embedded')");
export const tableField = z.string().min(1).describe("The live table's name");
export const modelText = z.string().min(1).describe('The model as YAML or JSON text (a DynoTable model file)');

/** An item, a key or a value map in DynamoDB's wire JSON: `{ "pk": { "S": "USER#1" } }`. */
export const wireItem = z.record(z.string(), z.unknown()).describe('DynamoDB wire JSON, e.g. {"pk": {"S": "USER#1"}}');

export const consumed = z
  .object({ readUnits: z.number(), writeUnits: z.number(), costUsd: z.number(), byIndex: z.record(z.string(), z.number()).optional() })
  .describe('Capacity units this call consumed and their price at on-demand rates');

export const exactRequest = z
  .object({ operation: z.string(), wire: z.record(z.string(), z.unknown()) })
  .passthrough()
  .describe('The exact request sent, in DynamoDB wire JSON');

export const anyObject = z.record(z.string(), z.unknown());

/** Count / ScannedCount as a percentage (what the workbench's stats bar shows); null when nothing was read. */
export function readEfficiency(count: number, scannedCount: number): number | null {
  if (scannedCount === 0) return null;
  return Math.round((count / scannedCount) * 1000) / 10;
}

export const readEfficiencyField = z.number().nullable().describe('Count / ScannedCount in percent: how much of what was read (and paid for) the filter kept');
