/**
 * Data in and out: export a table to a file (a job; the file is then
 * downloaded), import a file into a table (a job that checks every item before
 * writing any), and copy a table between connections (a job). Formats and
 * their rules: docs/import-export.md.
 */
import { z } from 'zod';
import { confirmField } from '../http/write-safety.js';
import { runCopy } from '../transfer/copy-job.js';
import { downloadsOf } from '../transfer/downloads.js';
import { runExport } from '../transfer/export-job.js';
import { defineFileRoute, type FileRoute } from '../http/file-route.js';
import { DATA_FORMATS, detectFormat } from '../transfer/formats.js';
import { runImport } from '../transfer/import-job.js';
import { textChunks } from '../transfer/text-chunks.js';
import { clientSend } from '../transfer/wire-send.js';
import { journaledTransfer } from '../journal/transfer.js';
import { ApiError, defineRoute } from './route.js';
import type { Route } from './route.js';

/** Files sent in the request body as text: the server's body limit (16 MB) applies first. */
const IMPORT_TEXT_LIMIT = 16 * 1024 * 1024;

// Every format of the registry (core's DATA_FORMAT_INFO; docs/import-export.md).
const format = z.enum(DATA_FORMATS, { message: `use one of ${DATA_FORMATS.join(', ')}` });

const readRequest = z.object({
  operation: z.enum(['Query', 'Scan'], { message: 'use Query or Scan' }),
  input: z.record(z.string(), z.unknown(), { message: 'give the request in DynamoDB JSON, without TableName' }).default({}),
});

const limit = z.number({ message: 'give a whole number of items' }).int().min(1, { message: 'must be at least 1' }).optional();

const segments = z
  .number({ message: 'give the number of parallel Scan segments' })
  .int()
  .min(1, { message: 'must be at least 1' })
  .max(64, { message: 'at most 64 segments' })
  .optional();

const scanOnly = (input: { request?: { operation: string } | undefined; segments?: number | undefined }) => (input.segments ?? 1) === 1 || input.request === undefined || input.request.operation === 'Scan';
const scanOnlyMessage = { message: 'segments: parallel segments work with a Scan only, not a Query' };

const exportInput = z
  .object({
    format,
    request: readRequest.optional(),
    limit,
    segments,
  })
  .refine(scanOnly, scanOnlyMessage);

const importInput = z.object({
  format: format.optional(),
  content: z
    .string({ message: 'give the file content as text' })
    .max(IMPORT_TEXT_LIMIT, { message: `the file is larger than ${IMPORT_TEXT_LIMIT} characters; import it with the dynotable command instead` }),
  csvTypeRow: z.boolean().optional(),
  workbenchTable: z.string().min(1).optional(),
  confirm: confirmField,
});

const copyInput = z.object({
  connectionId: z.string({ message: 'give the target connection id' }).min(1),
  table: z.string({ message: 'give the target table name' }).min(3, { message: 'a table name has at least 3 characters' }),
  source: z
    .object({
      connectionId: z.string({ message: 'give the source connection id' }).min(1),
      table: z.string({ message: 'give the source table name' }).min(1),
      request: readRequest.optional(),
      limit,
      segments,
    })
    .refine(scanOnly, scanOnlyMessage),
  createTable: z.boolean().optional(),
  confirm: confirmField,
});

export const transferRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/connections/:connectionId/tables/:table/export',
    input: exportInput,
    summary: 'Start an export job: a Scan of the table (or the Query/Scan given) into a file; its result names the download',
    handler: async (context, { params, input }) => {
      const connection = context.connections.get(params['connectionId']!);
      const send = clientSend(connection.client);
      const downloads = downloadsOf(context.jobs);
      const table = params['table']!;
      return context.jobs.start('export', (report, signal) =>
        runExport(
          send,
          downloads,
          {
            table,
            format: input.format,
            ...(input.request ? { request: input.request } : {}),
            ...(input.limit ? { limit: input.limit } : {}),
            ...(input.segments ? { segments: input.segments } : {}),
          },
          report,
          signal,
          // --read-only writes nothing anywhere, the temporary folder included.
          { inMemory: context.readOnly },
        ),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/connections/:connectionId/tables/:table/import',
    input: importInput,
    write: true,
    summary: 'Start an import job: every item is checked first (nothing is written if one is bad), then written 25 at a time',
    handler: async (context, { params, input }) => {
      const connection = context.connections.get(params['connectionId']!);
      const send = clientSend(connection.client);
      const content = input.content;
      const chosen = input.format ?? detectFormat(content.slice(0, 4096));
      const options = { csvTypeRow: input.csvTypeRow === true, ...(input.workbenchTable ? { workbenchTable: input.workbenchTable } : {}) };
      const table = params['table']!;
      return context.jobs.start('import', (report, signal) =>
        journaledTransfer(
          { context, connectionId: params['connectionId']!, table, operation: 'import', send, report },
          (journaledSend, journaledReport) => runImport(journaledSend, { table, format: chosen, source: () => textChunks(content), options }, journaledReport, signal),
          (result) => `import of ${result.written} of ${result.items} items (${result.format})${result.cancelled ? ', cancelled part way' : ''}`,
        ),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/copy',
    input: copyInput,
    write: true,
    summary: 'Start a copy job: the items of a source table (or of a Query/Scan) into a target table, creating it when asked',
    handler: async (context, { input }) => {
      const source = context.connections.get(input.source.connectionId);
      const target = context.connections.get(input.connectionId);
      if (input.source.connectionId === input.connectionId && input.source.table === input.table) {
        throw new ApiError(400, 'ValidationException', 'the source and the target are the same table; choose another target table or connection');
      }
      return context.jobs.start('copy', (report, signal) =>
        journaledTransfer(
          { context, connectionId: input.connectionId, table: input.table, operation: 'copy', send: clientSend(target.client), report },
          (targetSend, journaledReport) =>
            runCopy(
              {
                source: {
                  send: clientSend(source.client),
                  table: input.source.table,
                  ...(input.source.request ? { request: input.source.request } : {}),
                  ...(input.source.limit ? { limit: input.source.limit } : {}),
                  ...(input.source.segments ? { segments: input.source.segments } : {}),
                },
                target: { send: targetSend, table: input.table, create: input.createTable === true },
              },
              journaledReport,
              signal,
            ),
          (result) => `copy of ${result.written} items from ${result.source}${result.created ? ' into a new table' : ''}${result.cancelled ? ', cancelled part way' : ''}`,
        ),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/downloads/:downloadId/info',
    input: z.object({}),
    summary: "An export's file: its name, type, size and when it expires",
    handler: async (context, { params }) => {
      const info = downloadsOf(context.jobs).info(params['downloadId']!);
      if (info === undefined) throw downloadNotFound(params['downloadId']!);
      return info;
    },
  }),
];

function downloadNotFound(id: string): ApiError {
  return new ApiError(404, 'DownloadNotFound', `No download '${id}': it was already downloaded, it expired, or its export has not finished`);
}

/** Served as files, not JSON: the kernel sends them with sendDownload (http/file-route.ts). */
export const downloadRoutes: FileRoute[] = [
  defineFileRoute({
    method: 'GET',
    path: '/api/downloads/:downloadId',
    input: z.object({}),
    summary: "Download an export's file (once; it is then removed)",
    open: async (context, { params }) => {
      const opened = downloadsOf(context.jobs).open(params['downloadId']!);
      if (opened === undefined) throw downloadNotFound(params['downloadId']!);
      return opened;
    },
  }),
];
