import { dismissNotifications } from '../support/e2e/alerts';
import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import { jumpTo } from '../support/e2e/menus';
import { screenshotSizes, screenshotThemes } from '../support/e2e/screenshots';

/*
 * The Sessions view against the harness's emulator, reading what main's monitor samples
 * (demo data: sql-eu-dev-01 has a blocking chain of two, blocking for about a minute, past
 * the 30 s alert threshold). blocking-alert-monitor.spec.ts follows the alert from another view.
 */
test.describe.configure({ mode: 'serial' });
// Imports of a few MiB run several parts.
test.use({ transfers: SMALL_PARTS });

test('the view shows the sessions, their age, the blocking chain and its alert', async ({
  page,
  harness,
  consoleErrors,
}) => {
  const view = await jumpTo(page, 'sessions dev', 'sessions-view');
  await expect(view.getByTestId('session-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('session-age')).toContainText('snapshot');
  // The monitor watches the instance: the view reads its samples, not the service.
  await expect(page.getByTestId('session-unwatched')).toHaveCount(0);
  const head = page.getByTestId('blocking-head').first();
  await expect(head).toBeVisible();
  await expect(head.getByTestId('blocking-count')).toContainText('blocks 1');
  await expect(page.getByTestId('blocking-child').first()).toBeVisible();
  // The chain has blocked longer than the 30 s default: the banner shows it, and the
  // monitor's alert (raised at sign-in, whatever view was open) reached the window.
  await expect(page.getByTestId('blocking-alert').first()).toBeVisible();
  await expect(
    page
      .locator('.n-notification')
      .filter({ hasText: 'Blocking for more than' })
      .filter({ hasText: 'sql-eu-dev-01' }),
  ).toHaveCount(1);
  // And natively, through the bridge (the harness records what it would show).
  await expect
    .poll(() => harness.platform.notifications.map((n) => n.title).join('\n'))
    .toMatch(/Blocking on sql-eu-dev-01 for more than \d+ s/);
  await screenshotThemes(page, 'session-monitor');
  await dismissNotifications(page);
  expect(consoleErrors).toEqual([]);
});

test('pause stops the updates and the filter narrows the list with the service grammar', async ({
  page,
}) => {
  await page.getByTestId('session-pause').click();
  await expect(page.getByTestId('session-age')).toContainText('paused');
  // Background sessions are SQL Server's own, listed only when the user asks for them.
  await page.getByTestId('show-system-sessions').click();
  await page.getByTestId('session-filter-text').locator('input').fill('status = "background"');
  await page.getByTestId('session-filter-apply').click();
  const rows = page.getByTestId('session-table').locator('tbody tr');
  await expect(rows.first()).toContainText('background');
  await expect(rows.filter({ hasText: 'sleeping' })).toHaveCount(0);
  await page.getByTestId('session-filter').getByRole('button', { name: 'Clear' }).click();
  await page.getByTestId('show-system-sessions').click();
  await page.getByTestId('session-pause').click();
  await expect(page.getByTestId('session-age')).not.toContainText('paused');
});

test('an instance the monitor leaves out is read by the view itself, and says so', async ({
  page,
  harness,
}) => {
  const watched = harness.services.monitor.list().watched;
  const dev = watched.find((state) => state.instanceName === 'sql-eu-dev-01');
  if (!dev) throw new Error('the monitor does not watch sql-eu-dev-01');
  const ref = { profileId: dev.profileId, instanceName: dev.instanceName };
  await harness.services.monitor.setWatched(ref, false);
  const unwatched = page.getByTestId('session-unwatched');
  await expect(unwatched).toHaveText('Not watched by the monitor');
  const rows = page.getByTestId('session-table').locator('tbody tr');
  await page.getByTestId('session-refresh').click();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('session-counts')).toHaveText(/^\d+ sessions, \d+ blocked$/);
  await harness.services.monitor.setWatched(ref, true);
  await expect(unwatched).toHaveCount(0);
  await expect(page.getByTestId('blocking-head').first()).toBeVisible();
});

test('the database monitor lists the sessions of one database, filtered here', async ({ page }) => {
  await page
    .getByTestId('resource-tree')
    .getByTestId('tree-node')
    .filter({ hasText: /^Databases/ })
    .first()
    .click();
  // Jump-to lists the databases once they are loaded: before, `ETL_Staging` first matches a
  // session of that database, and Enter opens the sessions view instead (seen on a busy CI).
  const details = await jumpTo(page, 'ETL_Staging', 'database-details', 'ETL_Staging');
  await details.getByRole('button', { name: 'View' }).click();
  const view = page.getByTestId('sessions-view');
  await expect(page.getByTestId('view-title')).toContainText('Sessions · ETL_Staging');
  const rows = view.getByTestId('session-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('blocking-head')).toHaveCount(1);
  // The database endpoint takes no filter: the same grammar filters in the page.
  await dismissNotifications(page);
  await page.getByTestId('session-filter-text').locator('input').fill('blockingSessionId > 0');
  await page.getByTestId('session-filter-apply').click();
  await expect(page.getByTestId('session-counts')).toHaveText(/^(\d+) sessions, \1 blocked$/);
  await expect(rows.first()).toContainText('suspended');
  await page.getByTestId('session-filter').getByRole('button', { name: 'Clear' }).click();
  await jumpTo(page, 'sessions dev', 'sessions-view');
  await expect(page.getByTestId('view-title')).not.toContainText('ETL_Staging');
});

test('killing the head blocker shows its login and SQL, and the chain clears', async ({
  app,
  page,
  consoleErrors,
}) => {
  const head = page.getByTestId('blocking-head').first();
  const spid = await head.getAttribute('data-spid');
  await head.getByTestId('blocking-kill').click();
  const dialog = page.getByTestId('kill-dialog');
  await expect(dialog.getByTestId('kill-login')).not.toBeEmpty();
  await expect(dialog.getByTestId('kill-sql')).toContainText('BEGIN TRAN');
  await screenshotSizes(page, 'dialogs/kill-dialog');
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-testid="blocking-head"][data-spid="${spid}"]`)).toHaveCount(0);
  await app.sessions.expectInKillLog([spid ?? '']);
  expect(consoleErrors).toEqual([]);
});
