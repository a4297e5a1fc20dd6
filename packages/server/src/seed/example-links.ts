/** The example tables of the embedded engine come linked to their example models. */
import { parseModel } from '@dynotable/core';
import type { ModelLink } from '../links/model-link.js';
import { exampleModelYaml, type ExampleModelName } from './example-models.js';

const EXAMPLES: readonly ExampleModelName[] = ['audit-log', 'ticket-desk', 'leaderboard'];
let tablesOf: Map<string, ExampleModelName> | undefined;

export function exampleLink(table: string): ModelLink | undefined {
  tablesOf ??= new Map(EXAMPLES.flatMap((name) => parseModel(exampleModelYaml(name), `${name}.yaml`).tables.map((spec) => [spec.name, name] as const)));
  const name = tablesOf.get(table);
  return name === undefined ? undefined : { source: 'example', name, modelTable: table, model: exampleModelYaml(name) };
}
