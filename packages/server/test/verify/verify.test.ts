/**
 * Verification on the embedded engine: the seed models pass, and every broken
 * variant fails with what went wrong shown (the misplaced items, or the pattern
 * no key can answer).
 */
import { describe, expect, it } from 'vitest';
import { renderVerifyReport, verifyModel, type VerifyReport } from '@dynotable/core';
import { embeddedEngineTarget } from '../../src/connections/verify-target.js';
import { BROKEN_VARIANTS, EXAMPLE_NAMES, loadExample } from '../support/examples.js';

async function verify(name: string, items = 1500, seed = 1): Promise<VerifyReport> {
  const target = embeddedEngineTarget();
  try {
    return await verifyModel(loadExample(name), target, { items, seed });
  } finally {
    target.close();
  }
}

describe('verify on the embedded engine', () => {
  it.each(EXAMPLE_NAMES)('the %s model passes every check', async (name) => {
    const report = await verify(name);
    expect(report.passed, renderVerifyReport(report)).toBe(true);
    const model = loadExample(name);
    expect(report.patterns.map((p) => p.pattern)).toEqual(model.accessPatterns.map((p) => p.name));
    for (const pattern of report.patterns) {
      expect(pattern.operation).not.toBe('Scan');
      expect(pattern.runs.length).toBeGreaterThan(0);
      expect(pattern.runs.some((run) => run.items > 0)).toBe(true);
    }
    expect(report.writePaths.length).toBeGreaterThanOrEqual(model.writePaths.length);
  });

  it('checks write paths: the ticket moves in GSI1 and leaves the sparse GSI2 when it closes', async () => {
    const report = await verify('ticket-desk', 800, 4);
    const checks = report.writePaths.map((check) => check.check);
    expect(checks.some((text) => /after changeStatus, Ticket \S+ is at its new place in GSI1 and not at the old one/.test(text))).toBe(true);
    expect(checks.some((text) => /sparse index GSI2 holds only the tickets where status = open/i.test(text))).toBe(true);
    expect(checks.some((text) => /creating a Ticket that already exists is refused/.test(text))).toBe(true);
  });

  it('is deterministic for a seed', async () => {
    const a = await verify('leaderboard', 600, 9);
    const b = await verify('leaderboard', 600, 9);
    const strip = (r: VerifyReport) => JSON.stringify(r.patterns.map((p) => p.runs.map((run) => [run.arguments, run.items])));
    expect(strip(a)).toBe(strip(b));
  });
});

describe('verify catches every broken variant', () => {
  it('an unpadded rating returns the season top 10 in text order, and the report shows both items', async () => {
    const report = await verify('broken/leaderboard-unpadded-rating');
    expect(report.passed).toBe(false);
    const top = report.patterns.find((p) => p.pattern === 'topPlayersOfSeason')!;
    expect(top.passed).toBe(false);
    const mismatch = top.runs.find((run) => run.mismatch)!.mismatch!;
    expect(mismatch.expectedItem).toBeDefined();
    expect(mismatch.actualItem).toBeDefined();
    // The misplaced item comes before one with a larger rating: text order, not numeric order.
    expect(Number(mismatch.actualItem!['rating'])).toBeLessThan(Number(mismatch.expectedItem!['rating']));
    expect(renderVerifyReport(report)).toMatch(/first difference at position \d+/);
    for (const other of report.patterns.filter((p) => p.pattern !== 'topPlayersOfSeason')) expect(other.passed).toBe(true);
  });

  it('US-style dates put the feed and the day window out of order', async () => {
    const report = await verify('broken/audit-log-us-dates');
    expect(report.passed).toBe(false);
    const feed = report.patterns.find((p) => p.pattern === 'listActorEvents')!;
    expect(feed.passed).toBe(false);
    expect(feed.runs.some((run) => run.mismatch?.actualItem !== undefined)).toBe(true);
  });

  it('a UUID sort key cannot give the newest matches first', async () => {
    const report = await verify('broken/leaderboard-uuid-sort-key');
    expect(report.passed).toBe(false);
    expect(report.patterns.find((p) => p.pattern === 'listRecentMatches')!.passed).toBe(false);
  });

  it('the status in the base key leaves "get ticket by id" without a key', async () => {
    const report = await verify('broken/ticket-desk-status-in-base-key');
    expect(report.passed).toBe(false);
    const get = report.patterns.find((p) => p.pattern === 'getTicket')!;
    expect(get.passed).toBe(false);
    expect(get.problem ?? JSON.stringify(get.runs)).toMatch(/Scan|filter|position/);
  });

  it('a stale GSI composite leaves the ticket at its old place', async () => {
    const report = await verify('broken/ticket-desk-stale-composite');
    expect(report.passed).toBe(false);
    const stale = report.writePaths.filter((check) => !check.passed);
    expect(stale.length).toBeGreaterThan(0);
    expect(stale[0]!.detail).toMatch(/cannot rebuild the GSI1 key/);
    expect(report.patterns.find((p) => p.pattern === 'listTeamTicketsByStatus')!.passed).toBe(false);
  });

  it.each(BROKEN_VARIANTS)('%s fails', async (name) => {
    expect((await verify(`broken/${name}`, 800, 2)).passed).toBe(false);
  });
});
