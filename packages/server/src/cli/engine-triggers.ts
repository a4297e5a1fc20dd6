/**
 * `dynotable engine --trigger`: the handlers, on the engine in process; each
 * event is printed as it happens. On a data folder their checkpoints are kept
 * there, so a restart goes on where they stopped. Apart from engine.ts, which
 * imports it only when there are triggers: the AWS SDK they read the stream
 * with is not loaded otherwise.
 */
import { resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { inProcessClientConfig } from '@dynotable/engine';
import type { Engine } from '@dynotable/engine';
import { sdkStreamsApi } from '../triggers/streams-api.js';
import { TriggerSet } from '../triggers/trigger-set.js';
import { triggerStoreOf } from '../triggers/trigger-store.js';
import type { EngineCommandOptions } from './engine-args.js';
import type { Output } from './io.js';
import { triggerEventText } from './trigger-lines.js';

/** Starts the --trigger handlers; returns their stop. */
export function startTriggers(engine: Engine, options: EngineCommandOptions, io: Output): () => Promise<void> {
  const client = new DynamoDBClient(inProcessClientConfig(engine));
  const store = triggerStoreOf(options.dataDir === undefined ? undefined : resolve(options.dataDir));
  const triggers = new TriggerSet({ api: sdkStreamsApi(client), store });
  triggers.watch((event) => {
    const text = triggerEventText(event);
    if (event.kind === 'invocation' && event.outcome === 'success') io.stdout(text);
    else io.stderr(text);
  });
  for (const settings of options.triggers) triggers.add(settings);
  return async () => {
    await triggers.closeAll();
    client.destroy();
  };
}
