import { describe, expect, it } from 'vitest';
import type { WireItem } from '@dynotable/core';
import { hoverText } from '../../src/workbench/cell-format.js';
import { cellMenuActions } from '../../src/workbench/cell-menu-actions.js';
import { panelPlace } from '../../src/workbench/CellDetail.js';
import {
  clampWidth,
  DEFAULT_WIDTH,
  fittedWidth,
  longestTexts,
  MAX_WIDTH,
  MIN_WIDTH,
  NO_SIZING,
  readSizing,
  sizingStorageKey,
  splitPinned,
  widthOf,
  withPinned,
  withWidth,
  writeSizing,
} from '../../src/workbench/column-sizing.js';
import { discoverColumns, leadingColumnsOf } from '../../src/workbench/grid-columns.js';
import { csvField, dynamoJsonText, itemsAsCsv, itemsAsLines, itemsAsText, plainItemText, plainJsonText } from '../../src/workbench/item-text.js';
import { exportFileName, readEveryPage } from '../../src/workbench/use-export.js';

class MemoryStorage {
  readonly entries = new Map<string, string>();
  getItem(key: string): string | null {
    return this.entries.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.entries.set(key, value);
  }
}

describe('column order', () => {
  it("puts an index pane's keys (partition, then sort) before the table's keys", () => {
    expect(leadingColumnsOf(['GSI1PK', 'GSI1SK'], ['PK', 'SK'])).toEqual(['GSI1PK', 'GSI1SK', 'PK', 'SK']);
    // An LSI shares the partition key: it is named once, first.
    expect(leadingColumnsOf(['PK', 'LSI1SK'], ['PK', 'SK'])).toEqual(['PK', 'LSI1SK', 'SK']);
    // A GSI with no sort key, and the table itself.
    expect(leadingColumnsOf(['status', undefined], ['PK', 'SK'])).toEqual(['status', 'PK', 'SK']);
    expect(leadingColumnsOf(['PK', 'SK'], ['PK', 'SK'])).toEqual(['PK', 'SK']);
  });

  it('shows the leading columns first in the grid, the rest by name', () => {
    const items: WireItem[] = [{ PK: { S: 'a' }, SK: { S: 'b' }, GSI1SK: { S: 'c' }, GSI1PK: { S: 'd' }, alpha: { N: '1' } }];
    expect(discoverColumns(items, leadingColumnsOf(['GSI1PK', 'GSI1SK'], ['PK', 'SK'])).map((column) => column.name)).toEqual(['GSI1PK', 'GSI1SK', 'PK', 'SK', 'alpha']);
  });
});

describe('column widths and pins', () => {
  const columns = discoverColumns([{ PK: { S: 'a' }, SK: { S: 'b' }, note: { S: 'n' }, size: { N: '1' } }], ['PK', 'SK']);

  it('keeps widths within bounds, in whole pixels', () => {
    expect(widthOf(NO_SIZING, 'PK')).toBe(DEFAULT_WIDTH);
    expect(widthOf(withWidth(NO_SIZING, 'PK', 250.4), 'PK')).toBe(250);
    expect(widthOf(withWidth(NO_SIZING, 'PK', 3), 'PK')).toBe(MIN_WIDTH);
    expect(widthOf(withWidth(NO_SIZING, 'PK', 99_999), 'PK')).toBe(MAX_WIDTH);
    const sized = withWidth(NO_SIZING, 'PK', 250);
    expect(withWidth(sized, 'PK', 250)).toBe(sized);
    expect(clampWidth(Number.NaN)).toBe(DEFAULT_WIDTH);
  });

  it('pins columns at the left in the order pinned; unpinning puts a column back in its place', () => {
    let sizing = withPinned(NO_SIZING, 'size', true);
    sizing = withPinned(sizing, 'SK', true);
    const split = splitPinned(columns, sizing);
    expect(split.pinned.map((column) => column.name)).toEqual(['size', 'SK']);
    expect(split.rest.map((column) => column.name)).toEqual(['PK', 'note']);
    sizing = withPinned(sizing, 'size', false);
    expect(splitPinned(columns, sizing).rest.map((column) => column.name)).toEqual(['PK', 'note', 'size']);
    // A pinned column not loaded now is kept for later, not shown.
    expect(splitPinned(columns, withPinned(NO_SIZING, 'gone', true)).pinned).toEqual([]);
  });

  it('remembers widths and pins per table, and ignores what is stored malformed', () => {
    const storage = new MemoryStorage();
    const key = sizingStorageKey('local', 'AuditLog');
    expect(key).not.toBe(sizingStorageKey('local', 'TicketDesk'));
    expect(key).not.toBe(sizingStorageKey('aws-prod', 'AuditLog'));
    const sizing = withPinned(withWidth(NO_SIZING, 'SK', 300), 'SK', true);
    expect(writeSizing(storage, key, sizing)).toBe(true);
    expect(readSizing(storage, key)).toEqual(sizing);
    expect(readSizing(storage, sizingStorageKey('local', 'TicketDesk'))).toEqual(NO_SIZING);

    storage.setItem(key, '{not json');
    expect(readSizing(storage, key)).toEqual(NO_SIZING);
    storage.setItem(key, JSON.stringify({ widths: { a: 'wide', b: 10_000, c: 120 }, pinned: ['x', 3, 'x', 'y'] }));
    expect(readSizing(storage, key)).toEqual({ widths: { b: MAX_WIDTH, c: 120 }, pinned: ['x', 'y'] });
    storage.setItem(key, '[1,2]');
    expect(readSizing(storage, key)).toEqual({ widths: {}, pinned: [] });
  });

  it('reports a refused write instead of throwing', () => {
    const full = {
      setItem() {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(writeSizing(full, 'k', NO_SIZING)).toBe(false);
  });

  it('fits the widest text with the padding, within the maximum', () => {
    expect(fittedWidth(200.2, 20)).toBe(221);
    expect(fittedWidth(2000, 20)).toBe(MAX_WIDTH);
    expect(fittedWidth(0, 20)).toBe(MIN_WIDTH);
    expect(longestTexts(['a', 'EVT#2026-06-23T00:00:00Z', 'bb', 'EVT#2026', 'ccc'], 2)).toEqual(['EVT#2026-06-23T00:00:00Z', 'EVT#2026']);
    expect(longestTexts([], 3)).toEqual([]);
  });
});

describe('values and items as text', () => {
  const item: WireItem = {
    PK: { S: 'ACTOR#u_8814' },
    big: { N: '12345678901234567890123456789012345678' },
    small: { N: '-0.5' },
    flag: { BOOL: false },
    nothing: { NULL: true },
    bytes: { B: 'AAEC' },
    tags: { SS: ['red', 'blue'] },
    scores: { NS: ['1', '2.5'] },
    blobs: { BS: ['AA==', 'AQ=='] },
    info: { M: { ip: { S: '203.0.113.42' }, list: { L: [{ N: '1' }, { S: 'x' }] } } },
  };

  it('writes plain JSON with exact numbers, binary as base64 strings and sets as arrays', () => {
    expect(plainItemText(item)).toBe(
      '{"PK":"ACTOR#u_8814","big":12345678901234567890123456789012345678,"small":-0.5,"flag":false,"nothing":null,"bytes":"AAEC","tags":["red","blue"],"scores":[1,2.5],"blobs":["AA==","AQ=="],"info":{"ip":"203.0.113.42","list":[1,"x"]}}',
    );
    expect(plainJsonText({ S: 'say "hi"' })).toBe('"say \\"hi\\""');
  });

  it('writes DynamoDB JSON as DynamoDB returns it', () => {
    expect(dynamoJsonText({ S: 'EVT#2026-06-23T00:00:00Z' })).toBe('{"S":"EVT#2026-06-23T00:00:00Z"}');
    expect(JSON.parse(dynamoJsonText(item))).toEqual(item);
  });

  it('writes JSON lines: one item per line, each ended', () => {
    const items: WireItem[] = [{ PK: { S: 'a' } }, { PK: { S: 'b' }, n: { N: '1' } }];
    expect(itemsAsLines(items, 'jsonl')).toBe('{"PK":"a"}\n{"PK":"b","n":1}\n');
    expect(itemsAsLines(items, 'dynamodb-json')).toBe('{"PK":{"S":"a"}}\n{"PK":{"S":"b"},"n":{"N":"1"}}\n');
    expect(itemsAsLines([], 'jsonl')).toBe('');
  });

  it('quotes CSV fields only when needed, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' edge')).toBe('" edge"');
    expect(csvField('')).toBe('');
  });

  it('writes CSV with one column per attribute seen (keys first), nested and set values as JSON text', () => {
    const items: WireItem[] = [
      { SK: { S: 'EVT#1' }, PK: { S: 'A' }, details: { M: { ip: { S: '1.2.3.4' } } }, note: { S: 'x, "y"' } },
      { PK: { S: 'B' }, SK: { S: 'EVT#2' }, tags: { SS: ['a', 'b'] }, size: { N: '1.50' } },
    ];
    expect(itemsAsCsv(items, ['PK', 'SK', 'absent'])).toBe(
      ['PK,SK,details,note,tags,size', 'A,EVT#1,"{""ip"":""1.2.3.4""}","x, ""y""",,', 'B,EVT#2,,,"[""a"",""b""]",1.50', ''].join('\r\n'),
    );
    expect(itemsAsText(items, 'jsonl')).toBe(itemsAsLines(items, 'jsonl'));
    expect(itemsAsCsv([])).toBe('\r\n');
  });

  it('names the export file after the table and the moment', () => {
    expect(exportFileName('AuditLog', 'jsonl', new Date('2026-06-23T09:14:07.123Z'))).toBe('AuditLog-2026-06-23T09-14-07.jsonl');
    expect(exportFileName('a/b c', 'csv', new Date('2026-06-23T09:14:07Z'))).toBe('a_b_c-2026-06-23T09-14-07.csv');
  });
});

describe('what a cell shows on hover and where its value opens', () => {
  it('holds the whole value and its type', () => {
    expect(hoverText({ S: 'EVT#2026-06-23T09:14:07Z#k7q2m4' })).toBe('EVT#2026-06-23T09:14:07Z#k7q2m4\nS');
    expect(hoverText({ M: { ip: { S: '203.0.113.42' } } })).toBe('{\n  "ip": "203.0.113.42"\n}\nM');
    const long = hoverText({ S: 'x'.repeat(5000) });
    expect(long).toContain('1,000 more characters');
  });

  it('opens beside the cell on the side with room, inside the viewport', () => {
    const viewport = { width: 1280, height: 720 };
    const panel = { width: 448, height: 300 };
    expect(panelPlace({ left: 100, right: 280, top: 200 }, panel, viewport)).toEqual({ left: 286, top: 200 });
    // No room on the right: on the left of the cell.
    expect(panelPlace({ left: 900, right: 1080, top: 200 }, panel, viewport)).toEqual({ left: 446, top: 200 });
    // A row near the bottom: the panel is lifted to stay whole.
    expect(panelPlace({ left: 100, right: 280, top: 700 }, panel, viewport)).toEqual({ left: 286, top: 412 });
    // A cell as wide as the screen: the panel still fits.
    expect(panelPlace({ left: 0, right: 1280, top: 10 }, panel, viewport).left).toBeGreaterThanOrEqual(8);
  });
});

describe('the cell menu', () => {
  const item: WireItem = { PK: { S: 'ACTOR#u_8814' }, SK: { S: 'EVT#2026-06-23T09:14:07Z#k7q2m4' }, n: { N: '1.50' } };
  const other: WireItem = { PK: { S: 'ACTOR#u_8814' }, SK: { S: 'EVT#2026-06-23T09:14:07Z#p3z9x1' } };

  /** `column` null: the selection column, which has no value. */
  function run(selected: WireItem[], label: string, column: string | null = 'n'): { text: string; what: string } {
    const copied: { text: string; what: string }[] = [];
    const actions = cellMenuActions({
      name: column ?? undefined,
      value: column === null ? undefined : item[column],
      item,
      selectedCount: selected.length,
      selectedItems: () => selected,
      copy: (text, what) => copied.push({ text, what }),
      expand: () => copied.push({ text: '', what: 'expanded' }),
    });
    const action = actions.find((candidate) => candidate.label === label);
    if (action === undefined) throw new Error(`no action ${label}: ${actions.map((candidate) => candidate.label).join(', ')}`);
    if (action.disabled !== true) action.run();
    return copied[0] ?? { text: '', what: 'nothing' };
  }

  it('copies the value as shown, as plain JSON and as DynamoDB JSON', () => {
    expect(run([], 'Copy value')).toEqual({ text: '1.50', what: 'n' });
    expect(run([], 'Copy value as plain JSON')).toEqual({ text: '1.50', what: 'n as plain JSON' });
    expect(run([], 'Copy value as DynamoDB JSON')).toEqual({ text: '{"N":"1.50"}', what: 'n as DynamoDB JSON' });
    // On the selection column there is no value to copy.
    expect(run([], 'Copy value', null)).toEqual({ text: '', what: 'nothing' });
  });

  it('copies the item, or the selected items one a line', () => {
    expect(run([], 'Copy the item as DynamoDB JSON').text).toBe(JSON.stringify(item));
    expect(run([], 'Copy the item as plain JSON').text).toBe('{"PK":"ACTOR#u_8814","SK":"EVT#2026-06-23T09:14:07Z#k7q2m4","n":1.50}');
    expect(run([item, other], 'Copy 2 items selected as DynamoDB JSON')).toEqual({ text: `${JSON.stringify(item)}\n${JSON.stringify(other)}`, what: '2 items as DynamoDB JSON' });
  });
});

describe('an export of every page', () => {
  const pages: { items: WireItem[]; lastEvaluatedKey?: WireItem }[] = [
    { items: [{ PK: { S: 'a' } }, { PK: { S: 'b' } }], lastEvaluatedKey: { PK: { S: 'b' } } },
    { items: [], lastEvaluatedKey: { PK: { S: 'b' } } },
    { items: [{ PK: { S: 'c' } }] },
  ];

  it('reads from the start, following LastEvaluatedKey to the last page, and counts as it goes', async () => {
    const startKeys: (WireItem | undefined)[] = [];
    const progress: [number, number][] = [];
    const items = await readEveryPage(
      async (startKey) => {
        startKeys.push(startKey);
        return pages[startKeys.length - 1]!;
      },
      new AbortController().signal,
      (read, count) => progress.push([read, count]),
    );
    expect(items?.map((item) => item['PK'])).toEqual([{ S: 'a' }, { S: 'b' }, { S: 'c' }]);
    expect(startKeys).toEqual([undefined, { PK: { S: 'b' } }, { PK: { S: 'b' } }]);
    expect(progress).toEqual([
      [2, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('gives nothing once cancelled, and reads no further page', async () => {
    const abort = new AbortController();
    let reads = 0;
    const items = await readEveryPage(
      async () => {
        reads += 1;
        if (reads === 2) abort.abort();
        return pages[reads - 1]!;
      },
      abort.signal,
      () => undefined,
    );
    expect(items).toBeUndefined();
    expect(reads).toBe(2);
  });
});
