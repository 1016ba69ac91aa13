import type { Locator, Page } from '@playwright/test';
import { dismissNotifications } from '../support/e2e/alerts';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo } from '../support/e2e/menus';
import { screenshotSizes, screenshotThemes } from '../support/e2e/screenshots';
import { cutCells, tableRows } from '../support/e2e/tables';
import type { App } from '../support/e2e/pages/app';

/*
 * The Sessions view's details pane and its "Show system sessions" switch, against the
 * emulator's demo data: spids 1–10 are SQL Server's own (login sa, CHECKPOINT, LAZY WRITER…),
 * and sql-eu-dev-01 has a blocking chain of two whose head holds a transaction open. The
 * monitor is paused while a test reads rows, so the snapshot holds still. One harness.
 */
test.describe.configure({ mode: 'serial' });

const pane = (page: Page) => page.getByTestId('session-details');
const systemSwitch = (page: Page) => page.getByTestId('show-system-sessions');
/** A cell of the row that is not one of its controls (checkbox, "⋯"). */
const cellOf = (app: App, spid: string): Locator => app.sessions.row(spid).locator('td').nth(1);

async function openSessions(page: Page, instance: 'dev' | 'prod'): Promise<void> {
  const view = await jumpTo(page, `sessions ${instance}`, 'sessions-view');
  // The instance's own view, not the one before it (spids repeat across instances).
  await expect(view).toContainText(`Live sessions of sql-eu-${instance}-01`);
  await expect(tableRows(page, 'session-table').first()).toBeVisible();
  const pause = page.getByTestId('session-pause');
  const age = page.getByTestId('session-age');
  // Paused, so the rows hold still under the clicks. On a busy machine a click can land while
  // the header re-lays out (a toast, the age's width): the state is read again before each try.
  await expect(async () => {
    if (!((await age.textContent()) ?? '').includes('paused')) await pause.click();
    await expect(age).toContainText('paused', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await dismissNotifications(page);
}

/** The spids of the first blocking chain: its head, and the session it blocks. */
async function chain(page: Page): Promise<{ head: string; blocked: string }> {
  const head = page.getByTestId('blocking-head').first();
  const blocked = page.getByTestId('blocking-child').first();
  return {
    head: (await head.getAttribute('data-spid')) ?? '',
    blocked: (await blocked.getAttribute('data-spid')) ?? '',
  };
}

test('system sessions are hidden by default and shown by the switch', async ({
  app,
  page,
  consoleErrors,
}) => {
  await openSessions(page, 'dev');
  await expect(systemSwitch(page)).not.toHaveClass(/n-switch--active/);
  await expect(app.sessions.row('1')).toHaveCount(0);
  await app.sessions.search.fill('LAZY WRITER');
  await expect(app.sessions.rowCount).toHaveText(/^0 of \d+$/);

  await page.getByRole('switch', { name: 'Show system sessions' }).click();
  await expect(systemSwitch(page)).toHaveClass(/n-switch--active/);
  await expect(app.sessions.rowCount).toHaveText(/^[1-9]\d* of \d+$/);
  await expect(tableRows(page, 'session-table').first()).toContainText('sa');
  await expect(tableRows(page, 'session-table').first()).toContainText('background');
  expect(consoleErrors).toEqual([]);
});

test('the switch is kept when the view opens again', async ({ app, page, consoleErrors }) => {
  await expect(systemSwitch(page)).toHaveClass(/n-switch--active/);
  // Another view and back: the switch is as the user left it.
  await jumpTo(page, 'cluster', 'cluster-view');
  await jumpTo(page, 'sessions dev', 'sessions-view');
  await expect(systemSwitch(page)).toHaveClass(/n-switch--active/);
  await page.getByRole('switch', { name: 'Show system sessions' }).click();
  await expect(systemSwitch(page)).not.toHaveClass(/n-switch--active/);
  await app.sessions.search.fill('');
  await expect(app.sessions.row('1')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a click on a session shows its SQL, wait and blocking, and Copy copies the SQL', async ({
  app,
  page,
  consoleErrors,
}) => {
  await openSessions(page, 'dev');
  const { head, blocked } = await chain(page);
  await cellOf(app, blocked).click();
  await expect(pane(page)).toBeVisible();
  await expect(pane(page).getByRole('heading', { level: 2 })).toHaveText(`Session ${blocked}`);
  await expect(pane(page).getByTestId('session-details-sql')).toContainText('UPDATE dbo.Account');
  await expect(pane(page).getByTestId('session-details-wait')).toContainText('blocked since');
  await expect(pane(page).getByTestId('session-details-blocked-by')).toHaveText(head);

  // The blocker is a link: it shows the head, which blocks the first session.
  await pane(page)
    .getByRole('button', { name: `Show session ${head}, which blocks this one` })
    .click();
  await expect(pane(page).getByRole('heading', { level: 2 })).toHaveText(`Session ${head}`);
  await expect(pane(page).getByTestId('session-details-blocks')).toContainText(blocked);
  const sql = (await pane(page).getByTestId('session-details-sql').textContent()) ?? '';
  // The chain's head holds its transaction open (or, once that commits, the next one heads it).
  expect(sql).toMatch(/BEGIN TRAN|UPDATE dbo\./);
  await pane(page).getByRole('button', { name: 'Copy SQL text' }).click();
  await expect(page.locator('.n-message').filter({ hasText: 'Copied the SQL' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(sql);

  expect(consoleErrors).toEqual([]);
});

test('beside the pane at 1280x800, whose session each row is reads whole', async ({ page }) => {
  await expect(pane(page)).toBeVisible();
  const table = page.getByTestId('session-table');
  await expect(table.locator('td[data-col-key="loginName"]').first()).toBeVisible();
  expect(await cutCells(table, 'loginName')).toEqual([]);
});

test('the pane in light and dark (screenshots with SCREENSHOTS=1)', async ({ page }) => {
  await expect(pane(page)).toBeVisible();
  await screenshotThemes(page, 'session-details');
  await screenshotSizes(page, 'views/session-details');
});

test("in a 1024 px window the pane lies over the grid, its head above the grid's", async ({
  page,
}) => {
  await expect(pane(page)).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 700 });
  const close = pane(page).getByTestId('details-close');
  await expect(close).toBeVisible();
  // What a click at the middle of the close button reaches: the button, not the grid's header.
  const isOnTop = await close.evaluate((button) => {
    type Rect = { x: number; y: number; width: number; height: number };
    const self = button as unknown as {
      getBoundingClientRect(): Rect;
      contains(o: unknown): boolean;
    };
    const { document } = globalThis as unknown as {
      document: { elementFromPoint(x: number, y: number): unknown };
    };
    const box = self.getBoundingClientRect();
    return self.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(isOnTop, "the close button is under the grid's header").toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the pane passes the accessibility rules in light and dark, and closes', async ({
  app,
  page,
  consoleErrors,
}) => {
  if (!(await pane(page).isVisible())) {
    await openSessions(page, 'dev');
    await cellOf(app, (await chain(page)).head).click();
  }
  await expect(pane(page)).toBeVisible();
  await expectAccessible(page, 'the session details pane', ['[data-testid="session-details"]']);
  await pane(page).getByRole('button', { name: 'Close session details' }).click();
  await expect(pane(page)).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('Enter on a focused row opens the pane with the focus in it, ↓ moves it, Escape closes it', async ({
  app,
  page,
  consoleErrors,
}) => {
  await openSessions(page, 'dev');
  const first = tableRows(page, 'session-table').first();
  const spid = (await first.getAttribute('data-row-key')) ?? '';
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(pane(page)).toBeVisible();
  const title = pane(page).getByRole('heading', { level: 2 });
  await expect(title).toHaveText(`Session ${spid}`);
  await expect(title).toBeFocused();
  // Tab reaches the pane's named controls.
  await page.keyboard.press('Tab');
  await expect(pane(page).getByRole('button', { name: 'Close session details' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(pane(page)).toBeHidden();
  await expect(app.sessions.row(spid)).toBeFocused();
  // ↓ makes the next row current: the pane shows it, and the focus stays in the table.
  const next = (await tableRows(page, 'session-table').nth(1).getAttribute('data-row-key')) ?? '';
  await page.keyboard.press('ArrowDown');
  await expect(pane(page).getByRole('heading', { level: 2 })).toHaveText(`Session ${next}`);
  await expect(app.sessions.row(next)).toBeFocused();
  await expect(app.sessions.row(next)).toHaveAttribute('aria-selected', 'true');
  // Escape in the table closes it (nothing is ticked).
  await page.keyboard.press('Escape');
  await expect(pane(page)).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('Kill in the pane kills the session after the guarded confirmation', async ({
  app,
  page,
  consoleErrors,
}) => {
  await openSessions(page, 'prod');
  const { head } = await chain(page);
  await cellOf(app, head).click();
  await expect(pane(page).getByRole('heading', { level: 2 })).toHaveText(`Session ${head}`);
  const login = (await pane(page).getByTestId('session-details-login').textContent()) ?? '';
  await pane(page).getByRole('button', { name: 'Kill session…' }).click();
  const dialog = page.getByTestId('kill-dialog');
  await expect(dialog.getByTestId('kill-login')).toHaveText(login);
  await expect(dialog.getByTestId('kill-sql')).toContainText(/BEGIN TRAN|UPDATE dbo\./);
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(app.sessions.row(head)).toHaveCount(0);
  await expect(pane(page)).toContainText('no longer in the snapshot');
  await expect(pane(page).getByRole('button', { name: 'Kill session…' })).toBeDisabled();
  await app.sessions.expectInKillLog([head]);
  expect(consoleErrors).toEqual([]);
});
