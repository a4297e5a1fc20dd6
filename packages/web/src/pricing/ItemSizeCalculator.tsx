/** Paste an item, see its size (core's itemSize), each attribute's share, and what one read and one write of it cost in units. */
import { useId, useMemo, useState } from 'react';
import { ColumnHeads } from '../app/ColumnHeads.js';
import { formatCount } from '../app/format.js';
import { lineAndColumn } from '@dynotable/core';
import { readItemText, type ItemFormat } from './item-input.js';
import { itemSizeReport } from './item-size-report.js';

const STORAGE_KEY = 'dynotable.pricing.item';

const EXAMPLE_ITEM = `{
  "PK": "TEAM#7",
  "SK": "TICKET#8842",
  "status": "open",
  "title": "Printer on floor 3 jams on every second page",
  "priority": 2,
  "createdAt": "2026-11-30T08:15:00Z",
  "tags": {"$SS": ["hardware", "floor-3"]}
}`;

function storedItem(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? EXAMPLE_ITEM;
  } catch {
    return EXAMPLE_ITEM;
  }
}

const FORMATS: readonly { readonly id: ItemFormat; readonly label: string }[] = [
  { id: 'auto', label: 'Recognise' },
  { id: 'plain', label: 'Plain JSON' },
  { id: 'dynamodb', label: 'DynamoDB JSON' },
];

export function ItemSizeCalculator() {
  const id = useId();
  const [text, setText] = useState(storedItem);
  const [format, setFormat] = useState<ItemFormat>('auto');
  const reading = useMemo(() => readItemText(text, format), [text, format]);
  const report = useMemo(() => (reading.ok ? itemSizeReport(reading.item) : undefined), [reading]);

  const edit = (next: string) => {
    setText(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage refused: the text stays for this page.
    }
  };

  const where = !reading.ok && reading.offset !== undefined ? lineAndColumn(text, reading.offset) : undefined;
  return (
    <section className="tool-panel pricing-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Item size</h2>
      <p className="muted">
        Paste an item as plain JSON (sets as <code>{'{"$SS": […]}'}</code>, binary as <code>{'{"$B": "base64"}'}</code>) or as DynamoDB JSON. Numbers keep every digit.
      </p>
      <div className="pricing-item-grid">
        <div className="pricing-item-input">
          <label htmlFor={`${id}-item`}>Item</label>
          <textarea
            id={`${id}-item`}
            className="pricing-item-text"
            spellCheck={false}
            rows={12}
            value={text}
            onChange={(event) => edit(event.target.value)}
            {...(!reading.ok ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {})}
          />
          <div className="pricing-row">
            <label htmlFor={`${id}-format`}>Read as</label>
            <select id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value as ItemFormat)}>
              {FORMATS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
            {reading.ok && format === 'auto' && <span className="muted">read as {reading.format === 'dynamodb' ? 'DynamoDB JSON' : 'plain JSON'}</span>}
          </div>
          {!reading.ok && (
            <p className="pricing-problem" id={`${id}-problem`} role="alert">
              {reading.message}
              {where !== undefined && ` (line ${where.line}, column ${where.column})`}
            </p>
          )}
        </div>
        {report !== undefined && (
          <div className="pricing-item-result">
            <p className="pricing-total" aria-live="polite">
              Item size: <strong data-bytes={report.bytes}>{formatCount(report.bytes)} bytes</strong>
              {!report.fits && <span className="pricing-over"> over DynamoDB&apos;s 400 KB limit: PutItem would refuse it</span>}
            </p>
            <table className="pricing-table" aria-label="Capacity units for one item">
              <ColumnHeads names={['One request of this item', 'Units']} />
              <tbody>
                <tr>
                  <th scope="row">Read, eventually consistent</th>
                  <td>{report.read.eventual} RCU</td>
                </tr>
                <tr>
                  <th scope="row">Read, strongly consistent</th>
                  <td>{report.read.strong} RCU</td>
                </tr>
                <tr>
                  <th scope="row">Read, transactional</th>
                  <td>{report.read.transactional} RCU</td>
                </tr>
                <tr>
                  <th scope="row">Write, standard</th>
                  <td>{report.write.standard} WCU</td>
                </tr>
                <tr>
                  <th scope="row">Write, transactional</th>
                  <td>{report.write.transactional} WCU</td>
                </tr>
              </tbody>
            </table>
            <p className="muted">
              Reads count 4 KB blocks ({report.readBlocks} here), writes 1 KB blocks ({report.writeBlocks} here), each rounded up.
            </p>
          </div>
        )}
      </div>
      {report !== undefined && (
        <table className="pricing-table pricing-attributes" aria-label="Size of each attribute">
          <ColumnHeads names={['Attribute', 'Type', 'Name bytes', 'Value bytes', 'Bytes', 'Share']} />
          <tbody>
            {report.attributes.map((row) => {
              const share = report.bytes === 0 ? 0 : row.bytes / report.bytes;
              return (
                <tr key={row.name}>
                  <th scope="row" className="pricing-mono">
                    {row.name}
                  </th>
                  <td>{row.type}</td>
                  <td>{formatCount(row.nameBytes)}</td>
                  <td>{formatCount(row.valueBytes)}</td>
                  <td>{formatCount(row.bytes)}</td>
                  <td>
                    <span className="pricing-share" aria-hidden="true">
                      <span style={{ width: `${(share * 100).toFixed(1)}%` }} />
                    </span>
                    {(share * 100).toFixed(1)}%
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
