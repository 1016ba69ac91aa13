import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { FIRST_USER_SPID } from '../../src/emulator/sessions/session-factory';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem } from '../support/e2e/menus';
import { screenshotSizes, screenshotThemes } from '../support/e2e/screenshots';
import { tableRows } from '../support/e2e/tables';
import type { App } from '../support/e2e/pages/app';

/*
 * Selecting rows (checkboxes, Shift ranges, keys) and what the selection does: one
 * confirmation for a bulk action with a result per row, copy as TSV and save as CSV. One
 * harness for the file (the emulator's demo data: 90 archives on sql-eu-prod-01, the blocking
 * chain on sql-eu-dev-01); the tests run in order.
 */
test.describe.configure({ mode: 'serial' });

/** The archive names of the rows shown, in order (the column after the checkboxes). */
const nameOf = (app: App, index: number) =>
  app.archives.rows.nth(index).locator('td').nth(1).innerText();
const clipboard = (page: Page) => page.evaluate<string>('navigator.clipboard.readText()');

async function copyMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('archive-table').getByTestId('table-copy-menu').click();
  await pickMenuItem(page, item);
}

test('five archives are deleted in one confirmation that lists them, with a result each', async ({
  app,
  page,
}) => {
  await jumpTo(page, 'archives prod', 'archives-view');
  const table = page.getByTestId('archive-table');
  await expect(table.getByTestId('row-count')).toHaveText('90');
  const names = await Promise.all([0, 1, 2, 3, 4].map((index) => nameOf(app, index)));
  // Names repeat (an archive is named after its database); the archive id is the row's key.
  const keys = await Promise.all(
    [0, 1, 2, 3, 4].map((i) => app.archives.rows.nth(i).getAttribute('data-row-key')),
  );

  // A checkbox, then Shift+click on the fifth: the range between them.
  await app.archives.rows.nth(0).getByTestId('select-row').click();
  await app.archives.rows
    .nth(4)
    .getByTestId('select-row')
    .click({ modifiers: ['Shift'] });
  await expect(table.getByTestId('selection-count')).toHaveText('5 selected');
  await expect(table.locator('[data-testid="select-row"]:checked')).toHaveCount(5);

  await table.getByTestId('bulk-delete').click();
  const dialog = page.getByTestId('bulk-action-dialog');
  await expect(dialog).toContainText('Delete 5 archives');
  await expect(dialog.getByTestId('bulk-item')).toHaveCount(5);
  for (const name of names) await expect(dialog).toContainText(name);
  await expectAccessible(page, 'the bulk delete confirmation', [
    '[data-testid="bulk-action-dialog"]',
  ]);
  // Destructive: the words must be typed before it runs.
  const confirm = dialog.getByTestId('dialog-confirm');
  await expect(confirm).toBeDisabled();
  await screenshotSizes(page, 'dialogs/bulk-action-dialog');
  await dialog.getByTestId('confirm-type-name').locator('input').fill('delete 5 archives');
  await confirm.click();

  await expect(dialog.getByTestId('bulk-summary')).toHaveText('5 done');
  await expect(dialog.locator('[data-testid="bulk-item"][data-state="done"]')).toHaveCount(5);
  await screenshotThemes(page, 'bulk-delete-results');
  // Nothing is left to cancel: one button, Close.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(confirm).toHaveText('Close');
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(table.getByTestId('row-count')).toHaveText('85');
  for (const key of keys)
    await expect(table.locator(`tr[data-row-key="${key ?? ''}"]`)).toHaveCount(0);
  await expect(table.getByTestId('selection-bar')).toHaveCount(0);
});

test('rows are selected from the keyboard, copied as TSV, and the selection cleared', async ({
  app,
  page,
}) => {
  const table = page.getByTestId('archive-table');
  const names = await Promise.all([0, 1, 2].map((index) => nameOf(app, index)));
  await app.archives.rows.nth(0).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(table.getByTestId('selection-count')).toHaveText('3 selected');
  await screenshotThemes(page, 'archives-selected');

  await copyMenu(page, 'Copy selected');
  const lines = (await clipboard(page)).split('\n');
  expect(lines).toHaveLength(4);
  const header = lines[0]?.split('\t') ?? [];
  const titles = await table.locator('thead th').allInnerTexts();
  // The visible columns, in order: the titles after the checkbox column, before the menu.
  expect(header).toEqual(titles.map((title) => title.trim()).filter(Boolean));
  expect(lines.slice(1).map((line) => line.split('\t')[0])).toEqual(names);

  await app.archives.rows.nth(3).focus();
  await page.keyboard.press('Control+a');
  await expect(table.getByTestId('selection-count')).toHaveText('85 selected');
  await page.keyboard.press('Escape');
  await expect(table.getByTestId('selection-bar')).toHaveCount(0);
});

test('the rows shown are saved as CSV, as shown or raw as the setting says', async ({
  app,
  page,
  harness,
}) => {
  const table = page.getByTestId('archive-table');
  const word = (await nameOf(app, 0)).toLowerCase();
  await table.getByTestId('table-search').locator('input').fill(word);
  const shown = Number(
    await table
      .getByTestId('row-count')
      .innerText()
      .then((t) => t.split(' ')[0]),
  );
  expect(shown).toBeGreaterThan(0);

  const save = async (): Promise<string> => {
    const download = page.waitForEvent('download');
    await copyMenu(page, 'Save shown rows as CSV');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^archives-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    return readFile((await file.path()) ?? '', 'utf8');
  };
  const asShown = await save();
  expect(asShown.startsWith('\uFEFFName,')).toBe(true);
  const rowsShown = asShown.trimEnd().split('\r\n').slice(1);
  expect(rowsShown).toHaveLength(shown);
  for (const line of rowsShown) expect(line.toLowerCase()).toContain(word);
  // Shown: the dates as the table formats them; raw: as the service sent them (ISO 8601).
  expect(asShown).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);

  await harness.services.settings.update({ copyValues: 'raw' });
  const raw = await save();
  expect(raw).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  expect(raw.trimEnd().split('\r\n')).toHaveLength(shown + 1);
  await harness.services.settings.update({ copyValues: 'shown' });
  await table.getByTestId('table-search').locator('input').fill('');
});

test('three sessions are killed at once, each read again first, each with its result', async ({
  app,
  page,
}) => {
  const view = await jumpTo(page, 'sessions dev', 'sessions-view');
  const table = view.getByTestId('session-table');
  const rows = tableRows(page, 'session-table');
  // Paused, so the rows hold still while they are picked (a refresh may reorder them).
  await view.getByTestId('session-pause').click();
  /*
   * Three user sessions (SQL Server's background ones, listed first, cannot be killed), picked
   * by spid (the row key). The emulator keeps at least six user sessions, but how many of them
   * sleep at a given moment is chance (a busy machine lets more simulated seconds pass), so
   * they are not picked by status.
   */
  await expect(rows.first()).toBeVisible();
  const keys = await Promise.all(
    Array.from({ length: await rows.count() }, (_, i) => rows.nth(i).getAttribute('data-row-key')),
  );
  const spids = keys.filter((key) => Number(key) >= FIRST_USER_SPID).slice(0, 3);
  expect(spids, 'three user sessions on the screen').toHaveLength(3);
  const row = (spid: string | null) => table.locator(`tr[data-row-key="${spid ?? ''}"] td`).nth(1);
  // A session's checkbox ticks it; Ctrl+click on a row ticks the next ones.
  await table
    .locator(`tr[data-row-key="${spids[0] ?? ''}"]`)
    .getByTestId('select-row')
    .click();
  await row(spids[1] ?? null).click({ modifiers: ['Control'] });
  await row(spids[2] ?? null).click({ modifiers: ['Control'] });
  await expect(table.getByTestId('selection-count')).toHaveText('3 selected');

  await table.getByTestId('bulk-kill').click();
  const dialog = page.getByTestId('bulk-action-dialog');
  await expect(dialog).toContainText('Kill 3 sessions');
  for (const spid of spids) await expect(dialog).toContainText(`Session ${spid ?? ''}`);
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog.getByTestId('bulk-summary')).toBeVisible();
  const items = dialog.getByTestId('bulk-item');
  await expect(items).toHaveCount(3);
  const states = await Promise.all([0, 1, 2].map((i) => items.nth(i).getAttribute('data-state')));
  /*
   * Terminated, each after being read again; the emulator's sessions come and go on their
   * own, so one that logged out in between is refused with its reason (never killed blind).
   */
  expect(states.filter((state) => state === 'done').length).toBeGreaterThan(0);
  for (const [i, state] of states.entries()) {
    if (state !== 'done') {
      expect(state).toBe('failed');
      await expect(items.nth(i)).toContainText(/./);
    }
  }
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();
  // Every kill that went through is in the kill log (the audit trail's session kills).
  const killed = spids.filter((_, i) => states[i] === 'done').map((spid) => spid ?? '');
  await app.sessions.expectInKillLog(killed);
});
