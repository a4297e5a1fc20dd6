/**
 * The looks every browser test checks a page in: the two screen sizes people
 * use most (1440×900 and 1280×720) in light and dark. The theme is switched
 * the way the app's own toggle does (the stored choice and the attribute),
 * so a page is checked in all four without a reload.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.js';

export interface Look {
  readonly width: number;
  readonly height: number;
  readonly theme: 'light' | 'dark';
}

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

export const LOOKS: readonly Look[] = VIEWPORTS.flatMap((size) => (['light', 'dark'] as const).map((theme) => ({ ...size, theme })));

function lookName(look: Look): string {
  return `${look.width}×${look.height} ${look.theme}`;
}

/** Puts the page in a look: its viewport and its theme. */
export async function applyLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize({ width: look.width, height: look.height });
  await page.evaluate((theme) => {
    localStorage.setItem('dynotable.theme', theme);
    document.documentElement.dataset['theme'] = theme;
    window.dispatchEvent(new Event('dynotable:theme'));
  }, look.theme);
}

/**
 * The rules of axe's default set whose answer can change with the look
 * (colours with the theme; scrolling regions with the viewport). The first
 * look runs the whole default set; the others only these, which keeps four
 * looks at little more than the cost of one.
 */
const LOOK_DEPENDENT_RULES = ['color-contrast', 'link-in-text-block', 'scrollable-region-focusable', 'meta-viewport'];

/**
 * Runs `check` in every look, then axe: no serious or critical violation in
 * any of them. The page is left in the last look.
 */
export async function checkInEveryLook(page: Page, check: (look: Look) => Promise<void> = async () => {}): Promise<void> {
  for (const [index, look] of LOOKS.entries()) {
    await applyLook(page, look);
    await check(look);
    const violations = await seriousViolations(page, index === 0 ? undefined : LOOK_DEPENDENT_RULES);
    expect(violations, `axe in ${lookName(look)}`).toEqual([]);
  }
}

/** Whether the element is wholly inside the viewport (not below the fold, not cut at a side). */
export async function wholeInView(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const size = page.viewportSize();
  if (box === null || size === null) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}
