/**
 * One table or index drawn as items: partition key, sort key, then the other
 * attributes, a band per partition (an item collection), sample values from
 * the model's key templates, and a note on the items the index does not hold.
 */
import type { Model } from '@dynotable/core';
import { useId, useMemo } from 'react';
import type { PictureColumn, PictureRow, TablePictureData } from './picture-rows.js';
import { tablePicture } from './picture-rows.js';
import { bandText, cellLine, keySchemaText, leftOutText, orderText, pictureTitle } from './picture-text.js';
import './table-picture.css';

export interface TablePictureProps {
  readonly model: Model;
  readonly tableName: string;
  /** A GSI or LSI of the table; absent for the base table. */
  readonly indexName?: string;
}

export function TablePicture({ model, tableName, indexName }: TablePictureProps) {
  const picture = useMemo(() => tablePicture(model, tableName, indexName), [model, tableName, indexName]);
  return <PictureView picture={picture} />;
}

const COLUMN_CLASS: Record<PictureColumn['role'], string> = {
  partition: 'tp-key tp-partition',
  sort: 'tp-key tp-sort',
  key: 'tp-other-key',
  attribute: '',
};

function PictureView({ picture }: { readonly picture: TablePictureData }) {
  const captionId = useId();
  const title = pictureTitle(picture);
  if (picture.problem !== undefined) {
    return (
      <div className="table-picture">
        <p className="tp-title">{title}</p>
        <p className="tp-note">Cannot draw this table: {picture.problem}.</p>
      </div>
    );
  }
  const columnCount = picture.columns.length + 1;
  return (
    <div className="table-picture">
      <div className="tp-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="tp-table">
          <caption id={captionId}>
            <span className="tp-title">{title}</span>
            <span className="tp-schema">{keySchemaText(picture)}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="tp-entity-head">
                Entity
              </th>
              {picture.columns.map((column) => (
                <th key={column.name} scope="col" className={COLUMN_CLASS[column.role]}>
                  {column.name}
                  {column.role === 'partition' ? <span className="tp-role"> partition key</span> : null}
                  {column.role === 'sort' ? <span className="tp-role"> sort key</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          {picture.bands.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={columnCount} className="tp-empty">
                  No sample item is in {picture.index === undefined ? 'this table' : 'this index'}.
                </td>
              </tr>
            </tbody>
          ) : (
            picture.bands.map((band, bandIndex) => (
              <tbody key={bandIndex} className={`tp-band tp-band-${bandIndex % 2}`}>
                <tr>
                  <th scope="rowgroup" colSpan={columnCount} className="tp-band-head">
                    {bandText(picture.partitionKeys.map((key) => key.name), band.partitionValues, band.rows.length, band.total)}
                  </th>
                </tr>
                {band.rows.map((row, rowIndex) => (
                  <PictureRowView key={rowIndex} row={row} columns={picture.columns} />
                ))}
              </tbody>
            ))
          )}
        </table>
      </div>
      <div className="tp-notes">
        <p>
          {orderText(picture)} Highlighted columns are this {picture.index === undefined ? 'table' : 'index'}&apos;s keys; sample values.
        </p>
        {picture.leftOut.map((leftOut) => (
          <p key={leftOut.entity} className="tp-left-out">
            {leftOutText(leftOut, picture.kind)}
          </p>
        ))}
      </div>
    </div>
  );
}

function PictureRowView({ row, columns }: { readonly row: PictureRow; readonly columns: readonly PictureColumn[] }) {
  return (
    <tr>
      <td className="tp-entity">
        <span className="tp-tag">{row.entity}</span>
      </td>
      {columns.map((column) => {
        const value = row.item[column.name];
        const className = COLUMN_CLASS[column.role];
        const rowHeader = column.role === 'sort' || (column.role === 'partition' && !columns.some((c) => c.role === 'sort'));
        if (value === undefined) {
          return rowHeader ? <th key={column.name} scope="row" className={className} /> : <td key={column.name} className={className} />;
        }
        const { text, full } = cellLine(value);
        const content = text === '' ? <span className="tp-empty-string">(empty)</span> : text;
        const titleProp = text === full ? {} : { title: full };
        return rowHeader ? (
          <th key={column.name} scope="row" className={className} {...titleProp}>
            {content}
          </th>
        ) : (
          <td key={column.name} className={className} {...titleProp}>
            {content}
          </td>
        );
      })}
    </tr>
  );
}
