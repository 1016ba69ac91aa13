import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { setTheme } from './screenshots';

/*
 * The accessibility check: axe-core's WCAG 2.0/2.1 A and AA rules over the whole
 * page, in light and in dark. Serious and critical violations fail, each printed as its rule,
 * its impact, the element (CSS path) and what axe says to fix, so the failure is its own report.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

/**
 * The serious and critical violations on the page now, one line per element; with `within`
 * (CSS selectors), only in those parts of the page; with `contrastOnly`, of the contrast rule
 * alone (what a theme changes: names, roles and structure do not depend on it).
 */
async function seriousViolations(
  page: Page,
  within: readonly string[] = [],
  contrastOnly = false,
): Promise<string[]> {
  // Only violations are read: axe then keeps one node of each pass and each inapplicable
  // rule instead of all of them, which on these pages is most of the check's time.
  // Legacy mode runs axe.run in the page itself. The app is one page with no frames, so the
  // default's run per frame and the blank page it opens to join their results only cost time
  // (about 0.8 s a run, two runs a check).
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (contrastOnly) builder.withRules(['color-contrast']);
  else builder.withTags(TAGS);
  for (const selector of within) builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => FAILING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const fix = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
        return `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${fix}`;
      }),
    );
}

/**
 * Checks what is on the page (or the parts `within` selects: the frame is checked once, then
 * each view's pane, dialog or drawer): every rule in light and the contrast in dark (the colour
 * transitions settled), or with `everyRuleInDark` every rule in both (the menus and dialogs:
 * they are asked for whole in both themes). It starts in the theme the page has and leaves the page in the other
 * one: one switch of theme a check, not two (a switch restyles every component, about 1.6 s
 * on our machines; switching back to light after each check took a third of the accessibility
 * spec). What follows a check sets the theme it needs (the screenshots do). Fails listing
 * every serious or critical violation.
 */
export async function expectAccessible(
  page: Page,
  place: string,
  within: readonly string[] = [],
  { everyRuleInDark = false }: { everyRuleInDark?: boolean } = {},
): Promise<void> {
  const found: string[] = [];
  const current = await page.locator('html').getAttribute('data-theme');
  const themes = current === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
  for (const theme of themes) {
    if (theme !== current) await setTheme(page, theme);
    // naive-ui animates colours on a theme change: contrast is measured once they have settled.
    // (Spinners animate for ever; transitions end. A function: the CSP forbids strings.)
    await page.waitForFunction(() => {
      const { document } = globalThis as unknown as {
        document: { getAnimations(): Array<{ constructor: { name: string } }> };
      };
      return document.getAnimations().every((a) => a.constructor.name !== 'CSSTransition');
    });
    const violations = await seriousViolations(page, within, theme === 'dark' && !everyRuleInDark);
    for (const line of violations) found.push(`${theme}: ${line}`);
  }
  expect(found, `axe: serious or critical violations in ${place}`).toEqual([]);
}
