import type { Locator, Page } from '@playwright/test';
import { dismissNotifications } from './activity-helpers';
import { expectAccessible } from './axe-check';
import { expect, test } from './fixtures';
import {
  jumpTo,
  openEmulatorSession,
  screenshotThemes,
  tableRows,
  type ResourcesSession,
} from './resources-helpers';
import { expectInKillLog } from './session-helpers';

/*
 * The Sessions view's details pane and its "Show system sessions" switch, against the
 * emulator's demo data: spids 1–10 are SQL Server's own (login sa, CHECKPOINT, LAZY WRITER…),
 * and sql-eu-dev-01 has a blocking chain of two whose head holds a transaction open. The
 * monitor is paused while a test reads rows, so the snapshot holds still. One harness.
 */
test.describe.configure({ mode: 'serial' });

let session: ResourcesSession;
let page: Page;

test.beforeAll(async ({ browser }) => {
  session = await openEmulatorSession(browser);
  page = session.page;
});
test.afterAll(async () => {
  await session.close();
});

const table = () => page.getByTestId('session-table');
const search = () => table().getByTestId('table-search').locator('input');
const rowCount = () => table().getByTestId('row-count');
const pane = () => page.getByTestId('session-details');
const systemSwitch = () => page.getByTestId('show-system-sessions');
const row = (spid: string): Locator => table().locator(`tr[data-row-key="${spid}"]`);
/** A cell of the row that is not one of its controls (checkbox, "⋯"). */
const cellOf = (spid: string): Locator => row(spid).locator('td').nth(1);

async function openSessions(instance: 'dev' | 'prod'): Promise<void> {
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
async function chain(): Promise<{ head: string; blocked: string }> {
  const head = page.getByTestId('blocking-head').first();
  const blocked = page.getByTestId('blocking-child').first();
  return {
    head: (await head.getAttribute('data-spid')) ?? '',
    blocked: (await blocked.getAttribute('data-spid')) ?? '',
  };
}

test('system sessions are hidden by default and shown by the switch', async () => {
  await openSessions('dev');
  await expect(systemSwitch()).not.toHaveClass(/n-switch--active/);
  await expect(row('1')).toHaveCount(0);
  await search().fill('LAZY WRITER');
  await expect(rowCount()).toHaveText(/^0 of \d+$/);

  await page.getByRole('switch', { name: 'Show system sessions' }).click();
  await expect(systemSwitch()).toHaveClass(/n-switch--active/);
  await expect(rowCount()).toHaveText(/^[1-9]\d* of \d+$/);
  await expect(tableRows(page, 'session-table').first()).toContainText('sa');
  await expect(tableRows(page, 'session-table').first()).toContainText('background');
  expect(session.consoleErrors).toEqual([]);
});

test('the switch is kept when the view opens again', async () => {
  await expect(systemSwitch()).toHaveClass(/n-switch--active/);
  // Another view and back: the switch is as the user left it.
  await jumpTo(page, 'cluster', 'cluster-view');
  await jumpTo(page, 'sessions dev', 'sessions-view');
  await expect(systemSwitch()).toHaveClass(/n-switch--active/);
  await page.getByRole('switch', { name: 'Show system sessions' }).click();
  await expect(systemSwitch()).not.toHaveClass(/n-switch--active/);
  await search().fill('');
  await expect(row('1')).toHaveCount(0);
  expect(session.consoleErrors).toEqual([]);
});

test('a click on a session shows its SQL, wait and blocking, and Copy copies the SQL', async () => {
  await openSessions('dev');
  const { head, blocked } = await chain();
  await cellOf(blocked).click();
  await expect(pane()).toBeVisible();
  await expect(pane().getByRole('heading', { level: 2 })).toHaveText(`Session ${blocked}`);
  await expect(pane().getByTestId('session-details-sql')).toContainText('UPDATE dbo.Account');
  await expect(pane().getByTestId('session-details-wait')).toContainText('blocked since');
  await expect(pane().getByTestId('session-details-blocked-by')).toHaveText(head);

  // The blocker is a link: it shows the head, which blocks the first session.
  await pane()
    .getByRole('button', { name: `Show session ${head}, which blocks this one` })
    .click();
  await expect(pane().getByRole('heading', { level: 2 })).toHaveText(`Session ${head}`);
  await expect(pane().getByTestId('session-details-blocks')).toContainText(blocked);
  const sql = (await pane().getByTestId('session-details-sql').textContent()) ?? '';
  // The chain's head holds its transaction open (or, once that commits, the next one heads it).
  expect(sql).toMatch(/BEGIN TRAN|UPDATE dbo\./);
  await pane().getByRole('button', { name: 'Copy SQL text' }).click();
  await expect(page.locator('.n-message').filter({ hasText: 'Copied the SQL' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(sql);

  expect(session.consoleErrors).toEqual([]);
});

test('the pane in light and dark (screenshots with SCREENSHOTS=1)', async () => {
  await expect(pane()).toBeVisible();
  await screenshotThemes(page, 'session-details');
});

test('the pane passes the accessibility rules in light and dark, and closes', async () => {
  if (!(await pane().isVisible())) {
    await openSessions('dev');
    await cellOf((await chain()).head).click();
  }
  await expect(pane()).toBeVisible();
  await expectAccessible(page, 'the session details pane', ['[data-testid="session-details"]']);
  await pane().getByRole('button', { name: 'Close session details' }).click();
  await expect(pane()).toBeHidden();
  expect(session.consoleErrors).toEqual([]);
});

test('Enter on a focused row opens the pane with the focus in it, ↓ moves it, Escape closes it', async () => {
  await openSessions('dev');
  const first = tableRows(page, 'session-table').first();
  const spid = (await first.getAttribute('data-row-key')) ?? '';
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(pane()).toBeVisible();
  const title = pane().getByRole('heading', { level: 2 });
  await expect(title).toHaveText(`Session ${spid}`);
  await expect(title).toBeFocused();
  // Tab reaches the pane's named controls.
  await page.keyboard.press('Tab');
  await expect(pane().getByRole('button', { name: 'Close session details' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(pane()).toBeHidden();
  await expect(row(spid)).toBeFocused();
  // ↓ makes the next row current: the pane shows it, and the focus stays in the table.
  const next = (await tableRows(page, 'session-table').nth(1).getAttribute('data-row-key')) ?? '';
  await page.keyboard.press('ArrowDown');
  await expect(pane().getByRole('heading', { level: 2 })).toHaveText(`Session ${next}`);
  await expect(row(next)).toBeFocused();
  await expect(row(next)).toHaveAttribute('aria-selected', 'true');
  // Escape in the table closes it (nothing is ticked).
  await page.keyboard.press('Escape');
  await expect(pane()).toBeHidden();
  expect(session.consoleErrors).toEqual([]);
});

test('Kill in the pane kills the session after the guarded confirmation', async () => {
  await openSessions('prod');
  const { head } = await chain();
  await cellOf(head).click();
  await expect(pane().getByRole('heading', { level: 2 })).toHaveText(`Session ${head}`);
  const login = (await pane().getByTestId('session-details-login').textContent()) ?? '';
  await pane().getByRole('button', { name: 'Kill session…' }).click();
  const dialog = page.getByTestId('kill-dialog');
  await expect(dialog.getByTestId('kill-login')).toHaveText(login);
  await expect(dialog.getByTestId('kill-sql')).toContainText(/BEGIN TRAN|UPDATE dbo\./);
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(row(head)).toHaveCount(0);
  await expect(pane()).toContainText('no longer in the snapshot');
  await expect(pane().getByRole('button', { name: 'Kill session…' })).toBeDisabled();
  await expectInKillLog(page, [head]);
  expect(session.consoleErrors).toEqual([]);
});
