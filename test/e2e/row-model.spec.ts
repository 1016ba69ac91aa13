import type { Locator, Page } from '@playwright/test';
import { dismissNotifications } from '../support/e2e/alerts';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo } from '../support/e2e/menus';
import { tableRows } from '../support/e2e/tables';

/*
 * One row model in every table, checked in Databases, Archives and Sessions: a click makes a
 * row the current one (alone, highlighted, its details shown in the side pane) and never
 * ticks its checkbox; a double-click or Enter opens it; Space ticks; and the selection bar
 * does not move the rows when it shows. The side pane is the same in Databases, Archives,
 * Jobs and Logins: a click shows the row there, Escape closes it and leaves no row current.
 * One harness for the file (the emulator's demo data); the tests run in order.
 */
test.describe.configure({ mode: 'serial' });

/** A cell of the row that is not one of its controls (checkbox, "⋯"). */
const cellOf = (row: Locator): Locator => row.locator('td').nth(1);
const checkOf = (row: Locator): Locator => row.getByTestId('select-row');

/** The row is the only current one, and no checkbox of the table is ticked. */
async function expectCurrentAlone(table: Locator, row: Locator): Promise<void> {
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row).toHaveClass(/resource-table__row--current/);
  await expect(table.locator('tr[aria-selected="true"]')).toHaveCount(1);
  await expect(table.locator('[data-testid="select-row"]:checked')).toHaveCount(0);
  await expect(table.getByTestId('selection-bar')).toHaveCount(0);
}

/** Space on the focused row ticks its checkbox, and again unticks it. */
async function expectSpaceTicks(page: Page, table: Locator, row: Locator): Promise<void> {
  await row.focus();
  await page.keyboard.press(' ');
  await expect(checkOf(row)).toBeChecked();
  await expect(table.getByTestId('selection-count')).toHaveText('1 selected');
  await page.keyboard.press(' ');
  await expect(checkOf(row)).not.toBeChecked();
  await expect(table.getByTestId('selection-bar')).toHaveCount(0);
}

/** The text of a row's cell in the column `key`. */
const cellText = async (row: Locator, key: string): Promise<string> =>
  (await row.locator(`td[data-col-key="${key}"]`).innerText()).trim();

/**
 * A click on a row shows it in the view's side pane (its title names it, by the column `key`),
 * a click on another shows that one, and Escape on the row closes the pane, no row current.
 */
async function expectPaneFollows(
  page: Page,
  table: Locator,
  rows: Locator,
  pane: Locator,
  key: string,
): Promise<void> {
  const title = pane.getByRole('heading', { level: 2 });
  for (const index of [0, 1]) {
    await cellOf(rows.nth(index)).click();
    await expectCurrentAlone(table, rows.nth(index));
    await expect(title).toContainText(await cellText(rows.nth(index), key));
    // A click leaves the focus on the row: ↑/↓ go on from there.
    await expect(rows.nth(index)).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(pane).toHaveCount(0);
  await expect(table.locator('tr[aria-selected="true"]')).toHaveCount(0);
}

/** Ticking a row's checkbox brings the selection bar, and no row moves (nor when it goes). */
async function expectNoShift(table: Locator, row: Locator): Promise<void> {
  const before = await row.boundingBox();
  expect(before).not.toBeNull();
  await checkOf(row).click();
  await expect(table.getByTestId('selection-bar')).toBeVisible();
  expect(await row.boundingBox()).toEqual(before);
  await table.getByTestId('selection-clear').click();
  await expect(table.getByTestId('selection-bar')).toHaveCount(0);
  expect(await row.boundingBox()).toEqual(before);
}

test('Databases: a click makes a row current, Space ticks, and a double-click or Enter opens it', async ({
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'databases sql-eu-prod-01', 'database-table');
  const table = page.getByTestId('database-table');
  const rows = tableRows(page, 'database-table');
  await expect(rows.nth(1)).toBeVisible();

  await cellOf(rows.nth(0)).click();
  await expectCurrentAlone(table, rows.nth(0));
  await cellOf(rows.nth(1)).click();
  await expectCurrentAlone(table, rows.nth(1));
  // A click does not open the database: the list is still shown.
  await expect(page.getByTestId('view-title')).toHaveText(/^\s*Databases/);
  await expect(rows.nth(1)).toBeFocused();

  await expectSpaceTicks(page, table, rows.nth(1));
  await expectNoShift(table, rows.nth(2));

  const second = (await rows.nth(1).getAttribute('data-row-key')) ?? '';
  await rows.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-title')).toContainText(second);

  await jumpTo(page, 'databases sql-eu-prod-01', 'database-table');
  const first = (await rows.nth(0).getAttribute('data-row-key')) ?? '';
  await cellOf(rows.nth(0)).dblclick();
  await expect(page.getByTestId('view-title')).toContainText(first);
  expect(consoleErrors).toEqual([]);
});

test('Archives: a click makes an archive current, a double-click or Enter shows its details', async ({
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'archives prod', 'archives-view');
  await dismissNotifications(page);
  const table = page.getByTestId('archive-table');
  const rows = tableRows(page, 'archive-table');
  const details = page.getByTestId('archive-details');
  await expect(rows.nth(2)).toBeVisible();

  const before = await rows.nth(1).boundingBox();
  await cellOf(rows.nth(1)).click();
  await expectCurrentAlone(table, rows.nth(1));
  // The current archive shows in the side pane; the drawer does not open on a click.
  await expect(page.getByTestId('archive-pane').getByRole('heading', { level: 2 })).toHaveText(
    await cellOf(rows.nth(1)).innerText(),
  );
  await expect(details).toBeHidden();
  // The side pane takes its room beside the table: the row keeps its place and height.
  const after = await rows.nth(1).boundingBox();
  expect({ y: after?.y, height: after?.height }).toEqual({ y: before?.y, height: before?.height });

  const name = details.getByTestId('archive-detail-name');
  await cellOf(rows.nth(2)).dblclick();
  await expect(name).toHaveText(await cellOf(rows.nth(2)).innerText());
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expectCurrentAlone(table, rows.nth(2));

  await rows.nth(0).focus();
  await page.keyboard.press('Enter');
  await expect(name).toHaveText(await cellOf(rows.nth(0)).innerText());
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await expectSpaceTicks(page, table, rows.nth(0));
  await expectNoShift(table, rows.nth(3));
  expect(consoleErrors).toEqual([]);
});

test('Sessions: a click shows the session in the pane, a double-click or Enter moves the focus there', async ({
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'sessions dev', 'sessions-view');
  const rows = tableRows(page, 'session-table');
  await expect(rows.nth(2)).toBeVisible();
  // Paused, so the rows hold still (a refresh may reorder them).
  await page.getByTestId('session-pause').click();
  await expect(page.getByTestId('session-age')).toContainText('paused');
  await dismissNotifications(page);
  const table = page.getByTestId('session-table');
  const pane = page.getByTestId('session-details');
  const title = pane.getByRole('heading', { level: 2 });
  const spid = async (index: number) => (await rows.nth(index).getAttribute('data-row-key')) ?? '';

  await cellOf(rows.nth(0)).click();
  await expectCurrentAlone(table, rows.nth(0));
  await expect(title).toHaveText(`Session ${await spid(0)}`);
  // A click leaves the focus in the table (↑/↓ go on from the row).
  await expect(rows.nth(0)).toBeFocused();
  await expectAccessible(page, 'the sessions view with a current row', [
    '[data-testid="sessions-view"]',
  ]);

  // Ticking changes what the bulk actions run on, not the session shown.
  await expectSpaceTicks(page, table, rows.nth(0));
  await expectNoShift(table, rows.nth(1));
  await expect(title).toHaveText(`Session ${await spid(0)}`);

  await cellOf(rows.nth(1)).dblclick();
  await expect(title).toHaveText(`Session ${await spid(1)}`);
  await expect(title).toBeFocused();
  await expectCurrentAlone(table, rows.nth(1));

  await rows.nth(2).focus();
  await page.keyboard.press('Enter');
  await expect(title).toHaveText(`Session ${await spid(2)}`);
  await expect(title).toBeFocused();
  // Escape in the pane closes it and gives the focus back to the row, no longer current.
  await page.keyboard.press('Escape');
  await expect(pane).toBeHidden();
  await expect(rows.nth(2)).toBeFocused();
  await expect(table.locator('tr[aria-selected="true"]')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('Databases: a click shows the database in the side pane, with Open at its foot', async ({
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'databases sql-eu-prod-01', 'database-table');
  const table = page.getByTestId('database-table');
  const rows = tableRows(page, 'database-table');
  const pane = page.getByTestId('database-pane');
  await expect(rows.nth(1)).toBeVisible();
  await expectPaneFollows(page, table, rows, pane, 'name');

  await cellOf(rows.nth(1)).click();
  const name = await cellText(rows.nth(1), 'name');
  await expectAccessible(page, 'the database details pane', ['[data-testid="database-pane"]']);
  await pane.getByTestId('pane-action-open').click();
  await expect(page.getByTestId('view-title')).toContainText(name);
  expect(consoleErrors).toEqual([]);
});

test('Archives: a click shows the archive in the side pane; its close button closes it', async ({
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'archives prod', 'archives-view');
  await dismissNotifications(page);
  const table = page.getByTestId('archive-table');
  const rows = tableRows(page, 'archive-table');
  const pane = page.getByTestId('archive-pane');
  await expect(rows.nth(1)).toBeVisible();
  await expectPaneFollows(page, table, rows, pane, 'name');

  await cellOf(rows.nth(0)).click();
  await expect(pane).toBeVisible();
  await pane.getByTestId('details-close').click();
  await expect(pane).toHaveCount(0);
  await expect(table.locator('tr[aria-selected="true"]')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('Jobs: a click shows the job in the side pane', async ({ page, consoleErrors }) => {
  await jumpTo(page, 'jobs prod', 'jobs-view');
  await dismissNotifications(page);
  const table = page.getByTestId('job-table');
  const rows = tableRows(page, 'job-table');
  await expect(rows.nth(1)).toBeVisible();
  await expectPaneFollows(page, table, rows, page.getByTestId('job-pane'), 'resourceName');
  expect(consoleErrors).toEqual([]);
});

test('Logins: a click shows the login in the side pane, Enter moves the focus there', async ({
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'logins dev', 'logins-view');
  await dismissNotifications(page);
  const table = page.getByTestId('login-table');
  const rows = tableRows(page, 'login-table');
  const pane = page.getByTestId('login-pane');
  const title = pane.getByRole('heading', { level: 2 });
  await expect(rows.nth(1)).toBeVisible();
  await expectPaneFollows(page, table, rows, pane, 'name');

  // Logins have no other "open": Enter shows the login and moves the focus into the pane,
  // and Escape there closes it and gives the focus back to the row.
  await rows.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(title).toContainText(await cellText(rows.nth(1), 'name'));
  await expect(title).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(pane).toHaveCount(0);
  await expect(rows.nth(1)).toBeFocused();
  await expect(table.locator('tr[aria-selected="true"]')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
