import { readFileSync } from 'node:fs';
import { parseModel } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { tablePicture } from '../../src/table-picture/picture-rows.js';
import { bandText, CELL_CHARACTERS, cellLine, keySchemaText, leftOutText, orderText, pictureTitle, projectionText } from '../../src/table-picture/picture-text.js';

const REPO_ROOT = new URL('../../../../', import.meta.url);
const leaderboard = parseModel(readFileSync(new URL('examples/leaderboard.yaml', REPO_ROOT), 'utf8'));
const ticketDesk = parseModel(readFileSync(new URL('examples/ticket-desk.yaml', REPO_ROOT), 'utf8'));

describe('picture text', () => {
  it('names the index, its keys and its projection', () => {
    const picture = tablePicture(leaderboard, 'Leaderboard', 'GSI2');
    expect(pictureTitle(picture)).toBe('Leaderboard · GSI2 (global secondary index)');
    expect(keySchemaText(picture)).toBe('partition key GSI2PK (S), sort key GSI2SK (S); projection KEYS_ONLY');
    expect(orderText(picture)).toMatch(/GSI2SK order, by UTF-8 bytes/);
    const base = tablePicture(leaderboard, 'Leaderboard');
    expect(pictureTitle(base)).toBe('Leaderboard (base table)');
    expect(keySchemaText(base)).toBe('partition key PK (S), sort key SK (S)');
  });

  it('lists INCLUDE attributes', () => {
    expect(projectionText({ type: 'INCLUDE', attributes: ['handle', 'rating'] })).toBe('INCLUDE handle, rating');
  });

  it('says how many items a sparse index leaves out and on which condition', () => {
    const picture = tablePicture(ticketDesk, 'TicketDesk', 'GSI2');
    const leftOut = picture.leftOut[0]!;
    expect(leftOutText(leftOut, picture.kind)).toBe(
      `${leftOut.count} of ${leftOut.of} sample Ticket items not in this index (sparse: GSI2PK, GSI2SK written only when status = open).`,
    );
    const matches = tablePicture(leaderboard, 'Leaderboard', 'GSI1').leftOut[0]!;
    expect(leftOutText(matches, 'gsi')).toMatch(/sample Match items not in this index \(sparse: Match has no template for GSI1PK, GSI1SK\)\.$/);
  });

  it('cuts long cells and keeps the whole value', () => {
    const long = 'x'.repeat(CELL_CHARACTERS + 5);
    const line = cellLine({ S: long });
    expect([...line.text]).toHaveLength(CELL_CHARACTERS);
    expect(line.text.endsWith('…')).toBe(true);
    expect(line.full).toBe(long);
    expect(cellLine({ N: '00012.50' }).text).toBe('00012.50');
    expect(bandText('PK', { S: 'TEAM#7' }, 3, 20)).toBe('PK = TEAM#7 · 3 of 20 items');
    expect(bandText('PK', { S: 'TEAM#7' }, 1, 1)).toBe('PK = TEAM#7 · 1 item');
  });
});
