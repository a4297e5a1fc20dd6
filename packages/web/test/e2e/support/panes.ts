/**
 * Working a query pane as a user does — its form by accessible names, its
 * results as shown — and reading the item grid from what is on screen: the
 * header names and the rendered rows' cells, paging through the virtualized
 * rows with the keyboard to read them all.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export function tableLinks(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Tables', exact: true }).getByRole('link');
}

export async function openTable(page: Page, table: string): Promise<void> {
  await tableLinks(page).filter({ hasText: new RegExp(`^${table}`) }).first().click();
  await page.getByRole('heading', { level: 1, name: table }).waitFor();
}

export function pane(page: Page, number: number): Locator {
  return page.getByRole('region', { name: new RegExp(`^Pane ${number}: `) });
}

export function paneGrid(page: Page, number: number): Locator {
  return page.getByRole('grid', { name: `Items of pane ${number}` });
}

/** The Results list (Count, ScannedCount, …) as shown, once the pane's results are those of its query as it stands. */
export async function settledStats(paneLocator: Locator): Promise<Record<string, string>> {
  let stats: Record<string, string> | undefined;
  await expect
    .poll(
      async () => {
        stats = undefined;
        if ((await paneLocator.getByText('The results below are from the query as it was when it last ran.').count()) > 0) return 'stale';
        if ((await paneLocator.getByRole('button', { name: 'Running…' }).count()) > 0) return 'running';
        const list = paneLocator.getByLabel('Results', { exact: true });
        if ((await list.count()) === 0) return 'no results yet';
        stats = await list.evaluate((element) => {
          const pairs: Record<string, string> = {};
          for (const term of Array.from(element.querySelectorAll('dt'))) pairs[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
          return pairs;
        });
        return 'settled';
      },
      { interval: 100 },
    )
    .toBe('settled');
  return stats!;
}

/** The status line under the results: whether LastEvaluatedKey came back. */
export async function pagingStatus(paneLocator: Locator): Promise<string> {
  return (await paneLocator.getByRole('status').filter({ hasText: /items/ }).textContent()) ?? '';
}

export interface GridRowView {
  /** 1 for the first item (aria-rowindex minus the header row). */
  readonly position: number;
  readonly highlighted: boolean;
  /** Column name → the cell's text as shown; '' for an absent attribute. */
  readonly cells: Record<string, string>;
}

/** The rows the grid has rendered now, in order. */
export async function renderedRows(grid: Locator): Promise<GridRowView[]> {
  return grid.evaluate((element) => {
    const names = new Map<string, string>();
    for (const header of Array.from(element.querySelectorAll('[role="columnheader"]'))) {
      const name = header.querySelector('.wb-th-name')?.textContent?.replace(/ [▲▼]$/, '');
      if (name !== undefined) names.set(header.getAttribute('aria-colindex') ?? '', name);
    }
    const rows: { position: number; highlighted: boolean; cells: Record<string, string> }[] = [];
    for (const row of Array.from(element.querySelectorAll('.wb-grid-body [role="row"]'))) {
      const cells: Record<string, string> = {};
      for (const cell of Array.from(row.querySelectorAll('[role="gridcell"]'))) {
        const name = names.get(cell.getAttribute('aria-colindex') ?? '');
        if (name !== undefined) cells[name] = cell.textContent ?? '';
      }
      rows.push({ position: Number(row.getAttribute('aria-rowindex')) - 1, highlighted: row.classList.contains('wb-highlight'), cells });
    }
    return rows.sort((a, b) => a.position - b.position);
  });
}

/** The number of items the grid holds (aria-rowcount less the header row). */
export async function gridItemCount(grid: Locator): Promise<number> {
  return Number(await grid.getAttribute('aria-rowcount')) - 1;
}

/** Every row of the grid, read page by page with the keyboard (Ctrl+Home, then PageDown to the end). */
export async function allRows(grid: Locator): Promise<GridRowView[]> {
  const count = await gridItemCount(grid);
  const seen = new Map<number, GridRowView>();
  await grid.focus();
  await grid.press('Control+Home');
  for (let presses = 0; presses <= count; presses++) {
    await grid.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const row of await renderedRows(grid)) seen.set(row.position, row);
    if (seen.has(count) || count === 0) break;
    await grid.press('PageDown');
  }
  return [...seen.values()].sort((a, b) => a.position - b.position);
}

/** One column of rows, in order. */
export function column(rows: readonly GridRowView[], name: string): string[] {
  return rows.map((row) => row.cells[name] ?? '');
}
