/**
 * Typing in the model designer with 30 access patterns: from the input event
 * of one keystroke in a question to the proposal for that text rendered
 * (in the page: the proposal shows the new question's plan; then the next
 * frame). Median over the keystrokes. Needs packages/web/dist built.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/support/browser.js';
import { startDynotable, webBuildExists } from '../test/e2e/support/server.js';

const KEYSTROKES = Number(process.env['KEYSTROKES'] ?? 24);

/** Thirty questions over a dozen entities, as a product's first model might have. */
const QUESTIONS = [
  'get player by id',
  'list matches by player, newest first',
  'top 10 players by rating in a season',
  'find player by handle',
  'get ticket by id',
  'list tickets by team, by status',
  'list open tickets by team, oldest first',
  'list events of an actor, newest first',
  'events of an actor between two times',
  'get order by id',
  'list orders by customer, newest first',
  'list orders by status',
  'get customer by email',
  'list invoices by customer, newest first',
  'get product by sku',
  'list products by category, by price',
  'list reviews by product, newest first',
  'top 5 reviews by rating for a product',
  'get team by id',
  'list members by team',
  'get project by id',
  'list projects by team',
  'list tasks by project, by priority',
  'list open tasks by assignee',
  'get comment by id',
  'list comments by ticket, oldest first',
  'list shipments by order',
  'get shipment by tracking number',
  'list payments by invoice',
  'list sessions by device',
];
/** Typed at the end of the last question, one character at a time: the attribute's name grows. */
const TYPED = 'typeandmodelnumberxyzabc'.slice(0, KEYSTROKES);

interface Times {
  /** Input event to the proposal for the new text in the DOM. */
  readonly dom: number;
  /** …and to the next frame, painted. */
  readonly frame: number;
  /** Input event to the last design answer received. */
  readonly answered: number;
  /** Input event to the design call sent. */
  readonly asked: number;
  /** Input event to the question's reading asked, and answered. */
  readonly read: number;
  readonly readDone: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * Installed in the page as text (the bench runs through a compiler that would
 * rename functions handed to the page): arms `designerResult`, the times from
 * the next input event on the last question until the proposal shows `question`.
 */
const MEASURE = `window.designerMeasure = (element, question) => { window.designerResult = new Promise((resolve, reject) => {
  let started = 0;
  const selector = '[data-question="' + CSS.escape(question) + '"]';
  const proposal = document.querySelector('.designer-proposal');
  const done = () => {
    const dom = performance.now() - started;
    const designs = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/api/model/design') && entry.startTime >= started);
    const answered = designs.length === 0 ? dom : designs[designs.length - 1].responseEnd - started;
    const asked = designs.length === 0 ? dom : designs[designs.length - 1].startTime - started;
    const reads = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/api/model/read-question') && entry.startTime >= started);
    const read = reads.length === 0 ? 0 : reads[0].startTime - started;
    const readDone = reads.length === 0 ? 0 : reads[0].responseEnd - started;
    requestAnimationFrame(() => setTimeout(() => resolve({ dom, frame: performance.now() - started, answered, asked, read, readDone })));
  };
  element.addEventListener('input', () => {
    started = performance.now();
    if (proposal.querySelector(selector) !== null) return done();
    const observer = new MutationObserver(() => {
      if (proposal.querySelector(selector) === null) return;
      observer.disconnect();
      done();
    });
    observer.observe(proposal, { subtree: true, childList: true, attributes: true, characterData: true });
  }, { once: true });
  setTimeout(() => reject(new Error('no proposal for "' + question + '" within 10 s')), 10000);
}); };`;

/** Types one character and measures, in the page, until the proposal shows `expected`. */
async function keystroke(page: Page, character: string, expected: string): Promise<Times> {
  const input = page.getByRole('textbox', { name: `Access pattern ${QUESTIONS.length}` });
  // Armed before the key is pressed, so the input event is seen.
  await input.evaluate((element, question) => (window as unknown as { designerMeasure(element: Element, question: string): void }).designerMeasure(element, question), expected);
  await page.keyboard.type(character);
  return page.evaluate(() => (window as unknown as { designerResult: Promise<Times> }).designerResult);
}

if (!webBuildExists()) throw new Error('packages/web/dist is missing: run `npm run build -w @dynotable/web` first');
const [server, browser] = await Promise.all([startDynotable(), launchChromium()]);
const results: Times[] = [];
const calls: { name: string; duration: number }[] = [];
let pageState = async (): Promise<string> => 'no page';
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  pageState = () => page.evaluate(() => [document.querySelector('.designer-proposal .error-note')?.textContent ?? 'no error', ...Array.from(document.querySelectorAll('.designer-proposal [data-question]')).map((each) => each.getAttribute('data-question'))].join(' / '));
  await page.goto(server.url);
  await page.evaluate((questions) => localStorage.setItem('dynotable.designer', JSON.stringify({ name: 'bench', questions, entities: [] })), QUESTIONS);
  await page.goto(`${server.origin}/design`);
  await page.waitForFunction((count) => document.querySelectorAll('.designer-proposal [data-question]').length === count, QUESTIONS.length, { timeout: 30_000 });
  await page.evaluate(MEASURE);
  const input = page.getByRole('textbox', { name: `Access pattern ${QUESTIONS.length}` });
  await input.click();
  await input.press('End');
  // Warm-up: the server's and the page's first designs are slower than the rest.
  for (const character of 'ab') await keystroke(page, character, `${await input.inputValue()}${character}`);
  let text = await input.inputValue();
  for (const character of TYPED) {
    text += character;
    results.push(await keystroke(page, character, text));
    await page.waitForTimeout(30);
  }
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/model/'))
      .map((entry) => ({ name: new URL(entry.name).pathname, duration: entry.duration })),
  );
  calls.push(...entries);
  await context.close();
} catch (error) {
  console.error(await pageState());
  throw error;
} finally {
  await browser.close();
  await server.stop();
}
const dom = results.map((result) => result.dom);
const frame = results.map((result) => result.frame);
console.log(`designer, ${QUESTIONS.length} access patterns, ${results.length} keystrokes (median; aim: under 100 ms):`);
console.log(`  keystroke to proposal in the page:  ${ms(median(dom))}  (min ${ms(Math.min(...dom))}, max ${ms(Math.max(...dom))})`);
console.log(`  keystroke to proposal painted:      ${ms(median(frame))}  (min ${ms(Math.min(...frame))}, max ${ms(Math.max(...frame))})`);
const answered = results.map((result) => result.answered);
const design = calls.filter((call) => call.name === '/api/model/design').map((call) => call.duration);
console.log(`  keystroke to design answer received: ${ms(median(answered))}  (POST /api/model/design itself: ${ms(median(design))} over ${design.length} calls)`);
console.log(`  steps: reading asked ${ms(median(results.map((r) => r.read)))}, read ${ms(median(results.map((r) => r.readDone)))}, design asked ${ms(median(results.map((r) => r.asked)))}`);
console.log(`  (machine load average over the last minute: ${loadavg()[0]!.toFixed(1)})`);
