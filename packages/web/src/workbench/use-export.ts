/**
 * Export of a pane's result as a file: the items loaded, or every page of the
 * pane's query or scan read again from the start (through the same item
 * route, page by page, with a count of what has been read and a cancel).
 * Nothing is downloaded unless every page was read: a cancelled or failed
 * export leaves no half-written file.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WireItem } from '@dynotable/core';
import { downloadText } from './download.js';
import { itemsAsText, type ItemTextFormat } from './item-text.js';
import type { ReadSource } from './use-read-results.js';
import { isAbort, readItems } from './workbench-api.js';

export const EXPORT_FORMATS: readonly { readonly format: ItemTextFormat; readonly label: string; readonly extension: string; readonly contentType: string }[] = [
  { format: 'jsonl', label: 'JSON lines (plain JSON, one item per line)', extension: 'jsonl', contentType: 'application/x-ndjson; charset=utf-8' },
  { format: 'dynamodb-json', label: 'DynamoDB JSON lines (lossless)', extension: 'dynamodb.jsonl', contentType: 'application/x-ndjson; charset=utf-8' },
  { format: 'csv', label: 'CSV (one column per attribute)', extension: 'csv', contentType: 'text/csv; charset=utf-8' },
];

export type ExportScope = 'loaded' | 'all';

export type ExportStatus =
  | { readonly state: 'idle' }
  | { readonly state: 'reading'; readonly items: number; readonly pages: number }
  | { readonly state: 'done'; readonly items: number; readonly fileName: string }
  | { readonly state: 'cancelled'; readonly items: number }
  | { readonly state: 'failed'; readonly error: unknown };

export interface ExportTarget {
  readonly connectionId: string;
  readonly table: string;
  /** The query or scan that produced the loaded items; undefined before the first run. */
  readonly source: ReadSource | undefined;
}

/** `AuditLog-2026-06-23T09-14-07.jsonl`: the table and the moment, safe in every file system. */
export function exportFileName(table: string, extension: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '-');
  return `${table.replace(/[^\w.-]+/g, '_')}-${stamp}.${extension}`;
}

/**
 * Every page from the start, following LastEvaluatedKey: the items, or
 * undefined when the signal stopped the reading (what was read is dropped).
 */
export async function readEveryPage(
  fetchPage: (startKey: WireItem | undefined) => Promise<{ readonly items: readonly WireItem[]; readonly lastEvaluatedKey?: WireItem | undefined }>,
  signal: AbortSignal,
  onProgress: (items: number, pages: number) => void,
): Promise<WireItem[] | undefined> {
  const items: WireItem[] = [];
  let pages = 0;
  let startKey: WireItem | undefined;
  do {
    const page = await fetchPage(startKey);
    if (signal.aborted) return undefined;
    for (const item of page.items) items.push(item);
    pages += 1;
    startKey = page.lastEvaluatedKey;
    onProgress(items.length, pages);
  } while (startKey !== undefined);
  return items;
}

export function useExport(target: ExportTarget | undefined) {
  const [status, setStatus] = useState<ExportStatus>({ state: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const save = useCallback(
    (items: readonly WireItem[], format: ItemTextFormat, leading: readonly string[]) => {
      const info = EXPORT_FORMATS.find((entry) => entry.format === format)!;
      const fileName = exportFileName(target?.table ?? 'items', info.extension, new Date());
      downloadText(itemsAsText(items, format, leading), fileName, info.contentType);
      setStatus({ state: 'done', items: items.length, fileName });
    },
    [target?.table],
  );

  const start = useCallback(
    async (scope: ExportScope, format: ItemTextFormat, loaded: readonly WireItem[], leading: readonly string[]) => {
      controller.current?.abort();
      if (scope === 'loaded' || target?.source === undefined) {
        save(loaded, format, leading);
        return;
      }
      const { connectionId, table, source } = target;
      const abort = new AbortController();
      controller.current = abort;
      setStatus({ state: 'reading', items: 0, pages: 0 });
      try {
        const fetchPage = (startKey: WireItem | undefined) =>
          readItems(connectionId, table, source.operation, { ...source.body, ...(startKey !== undefined ? { ExclusiveStartKey: startKey } : {}), code: false }, abort.signal);
        const items = await readEveryPage(fetchPage, abort.signal, (read, pages) => setStatus({ state: 'reading', items: read, pages }));
        if (items !== undefined) save(items, format, leading);
      } catch (error) {
        if (abort.signal.aborted || isAbort(error)) return;
        setStatus({ state: 'failed', error });
      } finally {
        if (controller.current === abort) controller.current = undefined;
      }
    },
    [target, save],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = undefined;
    setStatus((current) => ({ state: 'cancelled', items: current.state === 'reading' ? current.items : 0 }));
  }, []);

  return { status, start, cancel };
}
