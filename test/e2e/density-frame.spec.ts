import type { Page } from '@playwright/test';
import { startHarness, type Harness } from '../harness/server';
import { jumpTo } from './activity-helpers';
import { expectAccessible } from './axe-check';
import { boxOf } from './calm-helpers';
import { rowsInView, screenshotDensity } from './density-helpers';
import { expect, test } from './fixtures';

/*
 * A denser frame: the window's alerts fold into one line with their count (which unfolds
 * them), the activity panel's head keeps to one line, the panel resizes from its edge (pointer
 * or keys) and collapses to its head, and at 1280x800 the Sessions view of the demo data's
 * prod instance shows at least 12 rows under its alert, its filter and its blocking chains.
 * The blocking threshold starts at an hour (no alert at sign-in) and is lowered to 30 s,
 * under the demo's minute-old chains on two instances: two alerts at once.
 */
test.describe.configure({ mode: 'serial' });

const PROD = 'sql-eu-prod-01';
let harness: Harness;
let page: Page;
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  harness = await startHarness({ emulator: { jobMs: 400 } });
  await harness.services.settings.update({ blockingAlertSeconds: 3600 });
  // A context of its own: the accessibility check opens a page beside it.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(harness.url);
  await page.getByTestId('try-emulator').first().click();
  await expect(page.getByTestId('tree-node').filter({ hasText: PROD })).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
  await harness.close();
});

const dock = () => page.getByTestId('alert-dock');
const shownAlerts = () => dock().locator('.n-notification').filter({ visible: true });
/** How many alerts the strip holds (another may come while a test runs). */
const alertCount = async (): Promise<number> => Number(await dock().getAttribute('data-count'));

test('several alerts fold into one line with their count, which unfolds and folds them', async () => {
  await jumpTo(page, `databases ${PROD}`, 'database-table');
  await harness.services.settings.update({ blockingAlertSeconds: 30 });
  const toggle = page.getByTestId('alert-dock-toggle');
  await expect(toggle).toBeVisible();
  const count = await alertCount();
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(toggle).toHaveText(/^\s*\d+ alerts/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(shownAlerts()).toHaveCount(1);
  // One line: no taller than a row of the strip's own controls and a little air.
  expect((await boxOf(dock())).height).toBeLessThanOrEqual(40);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await shownAlerts().count()) - (await alertCount())).toBe(0);
  expect((await boxOf(dock())).height).toBeGreaterThan(40);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(shownAlerts()).toHaveCount(1);
  // Last: the check takes a while, and an alert's 20 s may end meanwhile.
  await toggle.click();
  await expectAccessible(page, 'the unfolded alert strip', ['[data-testid="alert-dock"]']);
  // "Dismiss all" empties the strip in one click (a new alert may come in at once).
  await page.getByTestId('alert-dock-dismiss-all').click();
  await expect.poll(alertCount).toBeLessThan(2);
  await expect(page.getByTestId('alert-dock-dismiss-all')).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('at 1280x800 Sessions shows at least 12 rows under its alert, filter and blocking chains', async () => {
  const view = await jumpTo(page, `sessions ${PROD}`, 'sessions-view');
  await expect(view.getByTestId('blocking-head').first()).toBeVisible();
  await expect(view.getByTestId('blocking-child').first()).toBeVisible();
  await expect(view.getByTestId('blocking-alert')).toBeVisible();
  const table = view.getByTestId('session-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect.poll(() => rowsInView(table)).toBeGreaterThanOrEqual(12);
  await screenshotDensity(page, 'sessions-blocking');
  expect(consoleErrors).toEqual([]);
});

test('the activity panel keeps its head on one line, resizes from its edge and collapses to its head', async () => {
  await jumpTo(page, `jobs ${PROD}`, 'jobs-view');
  await page.getByTestId('toggle-activity').click();
  const slot = page.getByTestId('activity-slot');
  const head = slot.locator('.activity-head');
  await expect(head).toBeVisible();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    const line = await boxOf(head);
    expect(line.height, `the head at ${size.width}`).toBeLessThanOrEqual(44);
    // Every control of the head on its line, whole: none scrolled away nor squeezed.
    const room = await boxOf(head.locator('.activity-head__controls'));
    for (const control of ['activity-scope-instance', 'activity-import', 'activity-close']) {
      const box = await boxOf(slot.getByTestId(control));
      const right = control === 'activity-close' ? size.width : room.x + room.width;
      expect(box.y, `${control} at ${size.width}`).toBeGreaterThanOrEqual(line.y);
      expect(box.y + box.height).toBeLessThanOrEqual(line.y + line.height);
      expect(box.x + box.width, `${control} at ${size.width}`).toBeLessThanOrEqual(right + 0.5);
      const squeezed = await slot.getByTestId(control).evaluate((element) => {
        const { scrollWidth, clientWidth } = element as unknown as Record<string, number>;
        return (scrollWidth ?? 0) > (clientWidth ?? 0) + 1;
      });
      expect(squeezed, `${control} is squeezed at ${size.width}`).toBe(false);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const open = (await boxOf(slot)).height;
  const headHeight = (await boxOf(head)).height;

  const collapse = slot.getByTestId('activity-collapse');
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await collapse.click();
  await expect(collapse).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await boxOf(slot)).height).toBeLessThanOrEqual(headHeight + 1);
  await expect(slot.locator('.activity-panel__scroll')).toBeHidden();
  await expectAccessible(page, 'the collapsed activity panel', [
    '[data-testid="activity-slot"]',
    '[data-testid="activity-resizer"]',
  ]);

  // From the keyboard: Enter on the edge restores the panel, ↑ makes it taller, Enter again
  // collapses it; dragging the edge of a collapsed panel opens it as tall as it is dragged.
  const edge = page.getByRole('separator', { name: 'Height of the activity panel' });
  await edge.focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await boxOf(slot)).height).toBe(open);
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await boxOf(slot)).height).toBe(open + 24);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await boxOf(slot)).height).toBeLessThanOrEqual(headHeight + 1);
  const grip = await boxOf(edge);
  await page.mouse.move(grip.x + 200, grip.y + 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + 200, grip.y - 150, { steps: 6 });
  await page.mouse.up();
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  const dragged = (await boxOf(slot)).height;
  expect(dragged).toBeGreaterThan(headHeight + 140);
  expect(dragged).toBeLessThan(headHeight + 165);
  await screenshotDensity(page, 'jobs-activity');
  await page.getByTestId('activity-close').click();
  await expect(slot).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
