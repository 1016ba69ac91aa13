import type { Locator, Page } from '@playwright/test';
import { dismissNotifications } from '../support/e2e/alerts';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, runCommand } from '../support/e2e/menus';
import { tableRows } from '../support/e2e/tables';
import { screenshotAs } from '../support/e2e/screenshots';

/*
 * Jump-to (Ctrl+P) reaching loaded objects (a login, an archive) and revealing them in their
 * view, and the session monitor's palette commands: hide / show sleeping sessions and
 * "Kill session…" through the row menu's guarded confirmation. Demo data: sql-eu-dev-01 and
 * sql-eu-prod-01 each have a blocking chain whose head is a sleeping session holding a
 * transaction open. One harness for the file.
 */
test.describe.configure({ mode: 'serial' });

const jumpBox = (page: Page) => page.getByTestId('jump-to');
const jumpItems = (page: Page) => jumpBox(page).getByTestId('quick-pick-item');
const searchBox = (page: Page, table: string) =>
  page.getByTestId(table).getByTestId('table-search').locator('input');
const rowCount = (page: Page, table: string) => page.getByTestId(table).getByTestId('row-count');

async function openJump(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+p');
  await expect(jumpBox(page)).toBeVisible();
  await jumpBox(page).getByTestId('quick-pick-input').locator('input').fill(query);
}

test('Ctrl+P lists loaded logins and archives with where they are, and reveals them', async ({
  page,
  consoleErrors,
}) => {
  // Load the logins of dev and the first page of archives of prod, then go elsewhere.
  await jumpTo(page, 'logins dev', 'logins-view');
  await expect(tableRows(page, 'login-table')).toHaveCount(5);
  await jumpTo(page, 'archives prod', 'archives-view');
  await expect(tableRows(page, 'archive-table').first()).toBeVisible();
  await jumpTo(page, 'cluster', 'cluster-view');

  // Objects of two kinds match `port`: logins (report_reader, legacy_import) and the archives
  // of EDM_Portfolio_2023, each with where it is.
  await openJump(page, 'port');
  await expect(
    jumpItems(page).filter({ hasText: 'Login' }).filter({ hasText: 'report_reader' }),
  ).toHaveCount(1);
  await expect(jumpItems(page).filter({ hasText: 'Archive' }).first()).toContainText(
    'sql-eu-prod-01 · Local emulator',
  );
  await page.mouse.move(0, 0);
  await screenshotAs(page, 'jump-to-objects-light');
  await jumpBox(page).getByTestId('quick-pick-input').locator('input').fill('etl_loader');
  const login = jumpItems(page).filter({ hasText: 'Login' });
  await expect(login).toHaveCount(1);
  await expect(login).toContainText('etl_loader');
  await expect(login).toContainText('sql-eu-dev-01 · Local emulator');
  await login.click();
  await expect(page.getByTestId('logins-view')).toBeVisible();
  await expect(searchBox(page, 'login-table')).toHaveValue('etl_loader');
  await expect(tableRows(page, 'login-table')).toHaveCount(1);
  await expect(tableRows(page, 'login-table')).toContainText('etl_loader');

  // An archive: its view opens on the same page, searched down to it by name and time.
  await openJump(page, 'EDM_Portfolio_2023');
  const archive = jumpItems(page).first();
  await expect(archive).toContainText('Archive');
  await expect(archive).toContainText('sql-eu-prod-01');
  const label = (await archive.locator('.quick-pick__label').textContent()) ?? '';
  const name = label.replace(/ \(.*\)$/, '');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('archives-view')).toBeVisible();
  await expect(searchBox(page, 'archive-table')).toHaveValue(new RegExp(`^${name} `));
  await expect(tableRows(page, 'archive-table').first()).toContainText(name);
  await expect(rowCount(page, 'archive-table')).toHaveText(/^\d of \d+$/);
  expect(consoleErrors).toEqual([]);
});

test('the palette hides sleeping sessions but keeps a sleeping head blocker, and shows them again', async ({
  app,
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'sessions dev', 'sessions-view');
  const head = page.getByTestId('blocking-head').first();
  await expect(head).toBeVisible();
  const headSpid = (await head.getAttribute('data-spid')) ?? '';
  await app.sessions.pause();
  await searchBox(page, 'session-table').fill('sleeping');
  const before = (await rowCount(page, 'session-table').textContent()) ?? '';
  const [sleeping = 0] = before.split(' of ').map(Number);
  expect(sleeping).toBeGreaterThan(1);

  await runCommand(page, 'Hide sleeping sessions');
  await expect(page.getByTestId('hide-sleeping')).toHaveClass(/n-switch--active/);
  // Only the head blocker is left of the sleeping sessions: it holds the chain's locks.
  await expect(rowCount(page, 'session-table')).toHaveText(/^1 of \d+$/);
  await expect(tableRows(page, 'session-table')).toHaveCount(1);
  await expect(tableRows(page, 'session-table')).toHaveAttribute('data-row-key', headSpid);

  await runCommand(page, 'Show sleeping sessions');
  await expect(page.getByTestId('hide-sleeping')).not.toHaveClass(/n-switch--active/);
  await expect(rowCount(page, 'session-table')).toHaveText(before);
  await searchBox(page, 'session-table').fill('');
  await page.getByTestId('session-pause').click();
  expect(consoleErrors).toEqual([]);
});

test('"Kill session…" picks a session, then kills it after the guarded confirmation', async ({
  app,
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'sessions prod', 'sessions-view');
  // The emulator's chains change while the monitor samples: hold the snapshot still.
  await app.sessions.pause();
  const head = page.getByTestId('blocking-head').first();
  await expect(head).toBeVisible();
  const spid = (await head.getAttribute('data-spid')) ?? '';
  // The blocking alerts' toasts sit over the dialog's buttons.
  await dismissNotifications(page);
  await runCommand(page, 'Kill session…');
  const pick = page.getByTestId('kill-session-pick');
  await expect(pick).toBeVisible();
  // Head blockers come first; every item names the spid, the login and the host. (The
  // emulator forms other chains now and then: the head shown may not be the first item.)
  const first: Locator = pick.getByTestId('quick-pick-item').first();
  await expect(first).toContainText('head blocker');
  await expect(first.locator('.quick-pick__label')).toHaveText(/^\d+ · \S+/);
  const heads = pick.getByTestId('quick-pick-item').filter({ hasText: 'head blocker' });
  await expect(
    heads.locator('.quick-pick__label', { hasText: new RegExp(`^${spid} · \\S+`) }),
  ).toHaveCount(1);
  await pick.getByTestId('quick-pick-input').locator('input').fill(spid);
  await screenshotAs(page, 'kill-session-pick-light');
  await page.keyboard.press('Enter');

  const dialog = page.getByTestId('kill-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Kill session ${spid}?`);
  await expect(dialog.getByTestId('kill-login')).not.toBeEmpty();
  // The chain's first head holds a transaction open; when it commits, the session it blocked
  // heads the rest of the chain with its own UPDATE (the monitor keeps the emulator's time going).
  await expect(dialog.getByTestId('kill-sql')).toContainText(/BEGIN TRAN|UPDATE dbo\./);
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-testid="blocking-head"][data-spid="${spid}"]`)).toHaveCount(0);
  await app.sessions.expectInKillLog([spid]);
  expect(consoleErrors).toEqual([]);
});

test('"Kill session…" is disabled on a read-only profile, as the row action is', async ({
  app,
  page,
}) => {
  // The command is the Sessions view's (the test before ends in the kill log, the Audit view).
  await jumpTo(page, 'sessions prod', 'sessions-view');
  await app.makeEmulatorProfileReadOnly();
  await expect(page.getByTestId('read-only-tag')).toBeVisible();
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByTestId('command-palette');
  await palette.getByTestId('quick-pick-input').locator('input').fill('Kill session');
  await expect(palette.getByTestId('quick-pick-item').first()).toHaveClass(/disabled/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('kill-session-pick')).toBeHidden();
  await page.keyboard.press('Escape');
});
