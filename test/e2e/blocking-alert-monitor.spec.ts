import type { Page } from '@playwright/test';
import type { Harness } from '../harness/server';
import { dismissNotifications, expectAlertShown } from '../support/e2e/alerts';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo } from '../support/e2e/menus';
import { screenshotThemes } from '../support/e2e/screenshots';

/*
 * The blocking alert is main's monitor's, not a view's: with the Databases view open, a chain
 * that passes the threshold raises the window's alert and a native notification, and a click
 * on either opens the Sessions view of that instance with the chain. The demo data has a
 * chain on sql-eu-prod-01 and one on sql-eu-dev-01, each blocking for about a minute: the
 * threshold starts at an hour (no alert at sign-in) and is lowered with the view open.
 */
test.describe.configure({ mode: 'serial' });
// No alert at sign-in: the threshold is lowered with the view open.
test.use({ settings: { blockingAlertSeconds: 3600 } });

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';

/** The window's alert of an instance (a toast; the emulator's chains may raise more later). */
const alertOf = (page: Page, instanceName: string) =>
  page
    .locator('.n-notification')
    .filter({ hasText: `on ${instanceName} blocks` })
    .first();
const blockingNotices = (harness: Harness) =>
  harness.platform.notifications.filter((n) => n.item?.kind === 'sessions');

test('with the Databases view open, a chain past the threshold raises the alert, in the window and natively', async ({
  page,
  harness,
}) => {
  await jumpTo(page, `databases ${PROD}`, 'database-table');
  await expect(page.getByTestId('view-title')).toHaveText(/Databases/);
  await expect(page.locator('.n-notification')).toHaveCount(0);
  expect(blockingNotices(harness)).toEqual([]);

  // What the Settings view does: `settings:update`. The next sample of each instance alerts.
  await harness.services.settings.update({ blockingAlertSeconds: 30 });
  // Two alerts fold into one line: unfolded, each shows.
  await expectAlertShown(page, alertOf(page, PROD));
  await expect(alertOf(page, PROD)).toContainText('Blocking for more than 30 s');
  await expectAlertShown(page, alertOf(page, DEV));
  await expect
    .poll(() => blockingNotices(harness).map((n) => n.title))
    .toContain(`Blocking on ${PROD} for more than 30 s`);
  // Nothing navigated: the alert came while the Databases view stayed open.
  await expect(page.getByTestId('database-table')).toBeVisible();
  await expect(page.getByTestId('sessions-view')).toHaveCount(0);
});

test('"Show" on the alert opens that instance\'s Sessions view on the head blocker', async ({
  page,
}) => {
  await expectAlertShown(page, alertOf(page, DEV));
  await alertOf(page, DEV).getByTestId('blocking-alert-show').click();
  const view = page.getByTestId('sessions-view');
  await expect(view).toContainText(`Live sessions of ${DEV}`);
  const head = page.getByTestId('blocking-head').first();
  await expect(head).toBeVisible();
  const spid = await head.getAttribute('data-spid');
  // The table searches for the head blocker, whose row is in view.
  const rows = view.getByTestId('session-table').locator('tbody tr');
  await expect(rows.first()).toContainText(String(spid));
});

test('a click on the native notification opens the Sessions view of its instance with the chain', async ({
  page,
  harness,
  consoleErrors,
}) => {
  const notice = blockingNotices(harness).find((n) => n.title.includes(PROD));
  expect(notice?.item).toMatchObject({ kind: 'sessions', id: PROD });
  if (!notice?.item) throw new Error('the notification points at nothing');
  // What the Electron shell does when the notification is clicked.
  harness.services.bus.emit('app:onDidRequestOpenItem', notice.item);
  const view = page.getByTestId('sessions-view');
  await expect(view).toContainText(`Live sessions of ${PROD}`);
  await expect(page.getByTestId('session-unwatched')).toHaveCount(0);
  await expect(page.getByTestId('blocking-head').first()).toBeVisible();
  await expect(page.getByTestId('blocking-child').first()).toBeVisible();
  await expect(page.getByTestId('blocking-alert').first()).toBeVisible();
  await dismissNotifications(page);
  await screenshotThemes(page, 'sessions-from-notification');
  expect(consoleErrors).toEqual([]);
});
