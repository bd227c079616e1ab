/**
 * axe-core in a Playwright page, one way for every spec (docs/requirements.md, accessibility: WCAG 2.2 AA).
 * The library goes in through page.evaluate, which the page's Content-Security-Policy does not govern (an
 * inline <script> would need bypassCSP, and the page would no longer be tested under its real policy).
 * axe reads open shadow roots too, so the widgets embedded on another site are checked with the host page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets of WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits for the page's motion to end (after two frames, so that a transition due now has started): a
 * colour measured halfway through a transition is one the visitor never rests on. Endless and paused
 * animations (a spinner, motion waiting off screen) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const roots: (Document | ShadowRoot)[] = [document];
    for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    const finite = roots
      .flatMap((root) => root.getAnimations())
      // A paused one (decorative motion waits off screen: docs/decisions/0057-motion-after-interaction.md)
      // rests where it is and would never finish.
      .filter((animation) => animation.playState === 'running')
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * The violations of the page as it is now, one line each: the rule, what it asks, and where (the first
 * three elements). An empty list means none: `expect(await axeViolations(page)).toEqual([])`. `within`: only
 * the part of the page under this selector (ours, inside a page made by a library).
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, within }) => {
      type Result = { id: string; help: string; nodes: { target: string[] }[] };
      const { axe } = window as unknown as {
        axe: { run(context: Document | { include: string[] }, options: object): Promise<{ violations: Result[] }> };
      };
      const context = within ? { include: [within] } : document;
      const { violations } = await axe.run(context, { runOnly: { type: 'tag', values: tags } });
      return violations.map(
        (violation) =>
          `${violation.id}: ${violation.help} → ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(' | ')}`,
      );
    },
    { tags: WCAG_TAGS, within },
  );
}
