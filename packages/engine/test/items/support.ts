/** Shared setup of the item-operation unit tests: an engine and tables made through CreateTable. */
import { createEngine, type Engine } from '../../src/index.js';

export interface TableSpec {
  name: string;
  /** `pk` (S) always; `sk` (S) when set. */
  sort?: boolean;
  /** GSIs keyed on `[partition, sort?]` attribute names (all S), projection ALL unless given. */
  gsis?: { name: string; partition: string; sort?: string; projection?: 'ALL' | 'KEYS_ONLY' }[];
  lsis?: { name: string; sort: string; projection?: 'ALL' | 'KEYS_ONLY' }[];
}

function createTable(engine: Engine, spec: TableSpec): void {
  const attributes = new Set<string>(['pk']);
  if (spec.sort) attributes.add('sk');
  for (const gsi of spec.gsis ?? []) {
    attributes.add(gsi.partition);
    if (gsi.sort) attributes.add(gsi.sort);
  }
  for (const lsi of spec.lsis ?? []) attributes.add(lsi.sort);
  const keySchema = (partition: string, sort?: string) => [
    { AttributeName: partition, KeyType: 'HASH' },
    ...(sort ? [{ AttributeName: sort, KeyType: 'RANGE' }] : []),
  ];
  const input: Record<string, unknown> = {
    TableName: spec.name,
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: keySchema('pk', spec.sort ? 'sk' : undefined),
    BillingMode: 'PAY_PER_REQUEST',
  };
  if (spec.gsis?.length) {
    input.GlobalSecondaryIndexes = spec.gsis.map((gsi) => ({
      IndexName: gsi.name,
      KeySchema: keySchema(gsi.partition, gsi.sort),
      Projection: { ProjectionType: gsi.projection ?? 'ALL' },
    }));
  }
  if (spec.lsis?.length) {
    input.LocalSecondaryIndexes = spec.lsis.map((lsi) => ({
      IndexName: lsi.name,
      KeySchema: keySchema('pk', lsi.sort),
      Projection: { ProjectionType: lsi.projection ?? 'ALL' },
    }));
  }
  engine.execute('CreateTable', input);
}

export function engineWith(...specs: TableSpec[]): Engine {
  const engine = createEngine();
  for (const spec of specs) createTable(engine, spec);
  return engine;
}

/** The error `run` throws, for asserting its name and message. */
export function thrown(run: () => unknown): Error & Record<string, unknown> {
  try {
    run();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected an error');
}

export const S = (value: string) => ({ S: value });
export const N = (value: string | number) => ({ N: String(value) });
