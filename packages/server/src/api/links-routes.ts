/**
 * Links of tables to models (docs/model-links.md): read, set and remove the
 * model a table is linked to. A link is the workbench's own note, not a write
 * to the connection: read-only connections can be linked too (under
 * `--read-only` the links stay in memory).
 */
import { z } from 'zod';
import type { ModelLinkView } from '../data/shapes.js';
import { newLink } from '../links/new-link.js';
import type { ModelLink } from '../links/model-link.js';
import { defineRoute, type Route } from './route.js';
import type { ServerContext } from './context.js';
import { tableParam } from './path-params.js';
import { readModel } from './tools/model-input.js';

const LINK = '/api/connections/:connectionId/tables/:table/model';

function view(link: ModelLink | undefined): ModelLinkView {
  if (link === undefined) return { link: null };
  try {
    return { link, model: readModel(link.model, link.name) };
  } catch (error) {
    return { link, problem: `The linked model no longer reads: ${(error as Error).message}` };
  }
}

function connectionOf(context: ServerContext, params: Readonly<Record<string, string>>) {
  return context.connections.get(params['connectionId'] ?? '').info;
}

const linkInput = z
  .object({
    model: z.string().min(1, { message: 'give the model as YAML or JSON text' }),
    source: z.enum(['design', 'file']),
    name: z.string().min(1).max(200).optional(),
    modelTable: z.string().min(1).optional(),
  })
  .strict();

export const linkRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: LINK,
    input: z.object({}),
    summary: 'The model a table is linked to: its text, which of its tables this is, and where the link came from; null when none',
    handler: async (context, { params }) => view(context.links.get(connectionOf(context, params), tableParam(params))),
  }),
  defineRoute({
    method: 'PUT',
    path: LINK,
    input: linkInput,
    summary: "Link a table to a model (the Design area's model or a model file): the model is checked and kept with the link",
    handler: async (context, { params, input }) => {
      const table = tableParam(params);
      const model = readModel(input.model, input.name);
      const link = newLink(table, { model, text: input.model, source: input.source, ...(input.name !== undefined ? { name: input.name } : {}), ...(input.modelTable !== undefined ? { modelTable: input.modelTable } : {}) });
      return view(context.links.set(connectionOf(context, params), table, link));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: LINK,
    input: z.object({}),
    summary: "Unlink a table from its model (an example table's example link included)",
    handler: async (context, { params }) => {
      context.links.unlink(connectionOf(context, params), tableParam(params));
      return view(undefined);
    },
  }),
];
