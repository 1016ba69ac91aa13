import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { boxOf, intersects } from '../support/e2e/geometry';
import { jumpTo } from '../support/e2e/menus';
import { screenshotAs } from '../support/e2e/screenshots';

/*
 * 200% zoom of a 1024x700 window: a 512x350 CSS-pixel viewport at device scale 2,
 * which is what the zoomed window lays out. The frame (top bar, tree, main pane, status bar,
 * activity panel) and each main view keep what is needed on screen: within the viewport, or
 * reachable by scrolling its own pane; a dialog fits and its buttons can be reached.
 */
test.describe.configure({ mode: 'serial' });

const VIEWPORT = { width: 512, height: 350 };
test.use({
  viewport: VIEWPORT,
  deviceScaleFactor: 2,
  // No blocking alert at sign-in: this file looks at the layout, not at the monitor.
  settings: { blockingAlertSeconds: 86_400 },
});

/** Fails unless the element is wholly inside the viewport. */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  const box = await boxOf(locator);
  const inside =
    box.x >= -0.5 &&
    box.y >= -0.5 &&
    box.x + box.width <= VIEWPORT.width + 0.5 &&
    box.y + box.height <= VIEWPORT.height + 0.5;
  expect.soft(inside, `${what} at ${JSON.stringify(box)} is cut off`).toBe(true);
}

/** The frame's controls that must always be there. */
async function expectFrame(page: Page, name: string): Promise<void> {
  for (const id of ['open-connections', 'open-jump', 'toggle-activity', 'open-settings']) {
    await expectOnScreen(page.getByTestId(id), `${name}: ${id}`);
  }
  await expectOnScreen(page.getByTestId('status-activity'), `${name}: the status bar's activity`);
  await expectOnScreen(page.getByTestId('resource-tree'), `${name}: the tree`);
  const pane = await boxOf(page.getByTestId('main-pane'));
  expect.soft(pane.width, `${name}: the main pane's width`).toBeGreaterThanOrEqual(280);
  expect.soft(pane.height, `${name}: the main pane's height`).toBeGreaterThanOrEqual(120);
}

const VIEWS: ReadonlyArray<readonly [query: string, testId: string, controls: readonly string[]]> =
  [
    ['databases sql-eu-prod-01', 'database-table', ['create-database']],
    ['archives prod', 'archives-view', []],
    ['jobs prod', 'jobs-view', ['jobs-refresh', 'jobs-filter']],
    ['sessions dev', 'sessions-view', ['session-pause']],
    ['logins dev', 'logins-view', []],
    ['linked prod', 'linked-servers-view', []],
    ['cluster', 'cluster-view', []],
    ['my ip', 'my-ip-view', []],
  ];

test('each main view keeps the frame and its key controls on screen', async ({
  page,
  consoleErrors,
}) => {
  await expectFrame(page, 'connections');
  await screenshotAs(page, 'zoom-connections');
  for (const [query, testId, controls] of VIEWS) {
    await jumpTo(page, query, testId);
    await expectFrame(page, testId);
    await expectOnScreen(page.getByTestId('view-title'), `${testId}: its title`);
    for (const control of controls) {
      const target = page.getByTestId(control).first();
      await target.scrollIntoViewIfNeeded();
      await expectOnScreen(target, `${testId}: ${control}`);
    }
    await screenshotAs(page, `zoom-${testId}`);
  }
  await page.getByTestId('open-settings').click();
  await expectFrame(page, 'settings');
  await page.getByTestId('settings-save').scrollIntoViewIfNeeded();
  await expectOnScreen(page.getByTestId('settings-save'), 'settings: Save');
  // A setting's name keeps its words on a line: the control goes under it, not beside it.
  const name = page.getByTestId('main-pane').getByText('Theme', { exact: true });
  await name.scrollIntoViewIfNeeded();
  expect.soft((await boxOf(name)).height, 'settings: the name "Theme"').toBeLessThan(30);
  await screenshotAs(page, 'zoom-settings');
  // Away from the Settings button, whose tooltip may lie over its neighbours.
  await page.mouse.move(0, VIEWPORT.height / 2);
  await page.getByTestId('open-monitor').click();
  await expectFrame(page, 'monitor');
  await screenshotAs(page, 'zoom-monitor');
  expect(consoleErrors).toEqual([]);
});

test('a view’s parts keep their height in the short pane: none is drawn over another', async ({
  page,
}) => {
  // The pane scrolls instead: the table keeps its toolbar and a few rows above the pager.
  await jumpTo(page, 'archives prod', 'archives-view');
  const pager = page.getByTestId('archive-pager');
  const table = page.getByTestId('archive-table');
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  for (const [what, part] of [
    ['the Sort row', page.getByTestId('archive-sort-controls')],
    ['the search box', table.getByTestId('table-search')],
    ['the rows', table.locator('.n-data-table')],
  ] as const) {
    expect(intersects(await boxOf(pager), await boxOf(part)), `the pager over ${what}`).toBe(false);
  }
  // A table with no rows keeps its empty state under its search box, not over it.
  await jumpTo(page, 'linked prod', 'linked-servers-view');
  const empty = page.getByTestId('empty-state').locator('.n-empty');
  await expect(empty).toContainText('No linked servers');
  const search = page.getByTestId('linked-server-table').getByTestId('table-search');
  expect(
    intersects(await boxOf(empty), await boxOf(search)),
    'the empty state over the search',
  ).toBe(false);
});

test('the activity panel opens without pushing the view away, and closes', async ({ page }) => {
  await jumpTo(page, 'jobs prod', 'jobs-view');
  await page.getByTestId('toggle-activity').click();
  const panel = page.getByTestId('activity-panel');
  await expect(panel).toBeVisible();
  await expectFrame(page, 'activity open');
  await expectOnScreen(panel.getByTestId('activity-close'), 'the panel’s close button');
  await expectOnScreen(panel.getByTestId('activity-scope-instance'), 'the panel’s list choice');
  await screenshotAs(page, 'zoom-activity');
  await panel.getByTestId('activity-close').click();
  await expect(panel).toBeHidden();
});

test('a dialog fits, and its buttons can be reached', async ({ page, consoleErrors }) => {
  await jumpTo(page, 'databases sql-eu-prod-01', 'database-table');
  await page.getByTestId('create-database').click();
  const dialog = page.getByTestId('create-database-dialog');
  await expect(dialog).toBeVisible();
  await expectOnScreen(dialog, 'the dialog');
  await screenshotAs(page, 'zoom-dialog');
  const confirm = dialog.getByTestId('dialog-confirm');
  await confirm.scrollIntoViewIfNeeded();
  await expectOnScreen(confirm, 'the dialog’s confirm button');
  await expectOnScreen(dialog.getByRole('button', { name: 'Cancel' }), 'the dialog’s Cancel');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
