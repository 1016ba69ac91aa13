import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { boxOf } from '../support/e2e/geometry';
import { jumpTo } from '../support/e2e/menus';
import { rowsInView } from '../support/e2e/tables';
import { DENSITY_SIZES, screenshotSizes } from '../support/e2e/screenshots';

/*
 * A denser frame: the window's alerts fold into one line with their count (which unfolds
 * them), the activity panel's head keeps to one line, the panel resizes from its edge (pointer
 * or keys) and collapses to its head, and at 1280x800 the Sessions view of the demo data's
 * prod instance shows at least 12 rows under its alert, its filter and its blocking chains.
 * The blocking threshold starts at an hour (no alert at sign-in) and is lowered to 30 s,
 * under the demo's minute-old chains on two instances: two alerts at once.
 */
test.describe.configure({ mode: 'serial' });
// No alert at sign-in: the threshold is lowered to 30 s by a test.
test.use({ settings: { blockingAlertSeconds: 3600 } });

const PROD = 'sql-eu-prod-01';

const dock = (page: Page) => page.getByTestId('alert-dock');
const shownAlerts = (page: Page) => dock(page).locator('.n-notification').filter({ visible: true });
/** How many alerts the strip holds (another may come while a test runs). */
const alertCount = async (page: Page): Promise<number> =>
  Number(await dock(page).getAttribute('data-count'));

test('several alerts fold into one line with their count, which unfolds and folds them', async ({
  page,
  harness,
  consoleErrors,
}) => {
  await jumpTo(page, `databases ${PROD}`, 'database-table');
  await harness.services.settings.update({ blockingAlertSeconds: 30 });
  const toggle = page.getByTestId('alert-dock-toggle');
  await expect(toggle).toBeVisible();
  const count = await alertCount(page);
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(toggle).toHaveText(/^\s*\d+ alerts/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(shownAlerts(page)).toHaveCount(1);
  // One line: no taller than a row of the strip's own controls and a little air.
  expect((await boxOf(dock(page))).height).toBeLessThanOrEqual(40);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect
    .poll(async () => (await shownAlerts(page).count()) - (await alertCount(page)))
    .toBe(0);
  expect((await boxOf(dock(page))).height).toBeGreaterThan(40);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(shownAlerts(page)).toHaveCount(1);
  // Last: the check takes a while, and an alert's 20 s may end meanwhile.
  await toggle.click();
  await expectAccessible(page, 'the unfolded alert strip', ['[data-testid="alert-dock"]']);
  // "Dismiss all" empties the strip in one click (a new alert may come in at once).
  await page.getByTestId('alert-dock-dismiss-all').click();
  await expect.poll(() => alertCount(page)).toBeLessThan(2);
  await expect(page.getByTestId('alert-dock-dismiss-all')).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('at 1280x800 Sessions shows at least 12 rows under its alert, filter and blocking chains', async ({
  page,
  consoleErrors,
}) => {
  const view = await jumpTo(page, `sessions ${PROD}`, 'sessions-view');
  await expect(view.getByTestId('blocking-head').first()).toBeVisible();
  await expect(view.getByTestId('blocking-child').first()).toBeVisible();
  await expect(view.getByTestId('blocking-alert')).toBeVisible();
  const table = view.getByTestId('session-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect.poll(() => rowsInView(table)).toBeGreaterThanOrEqual(12);
  await screenshotSizes(page, 'density/sessions-blocking', DENSITY_SIZES);
  expect(consoleErrors).toEqual([]);
});

test('the activity panel keeps its head on one line, resizes from its edge and collapses to its head', async ({
  page,
  consoleErrors,
}) => {
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
  await screenshotSizes(page, 'density/jobs-activity', DENSITY_SIZES);
  await page.getByTestId('activity-close').click();
  await expect(slot).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
