import type { Locator, Page } from '@playwright/test';
import { FIRST_USER_SPID } from '../../src/emulator/sessions/session-factory';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo } from '../support/e2e/menus';
import { screenshotThemes } from '../support/e2e/screenshots';

/*
 * The Audit view reads as user actions: a file imported through the harness's file browser is
 * one row, "import", whose calls (the upload's start and completion, then the import) open
 * under it, by its button or from the keyboard; a bulk kill of sessions is one row too, its
 * kills under it. One harness over the demo files; the tests build on each other.
 */
test.describe.configure({ mode: 'serial' });
test.use({
  fileBrowser: true,
  // A demo file of 512 KiB goes up in parts (one here), as a large file does, not in one PUT.
  transfers: { partPlan: { partSize: 5 * 1024 * 1024, singleStreamThreshold: 256 * 1024 } },
});

const DEV = 'sql-eu-dev-01';

const fileDialog = (page: Page): Locator => page.getByTestId('harness-file-dialog');

test('an import through the harness is one action whose calls open under it', async ({
  app,
  page,
  folder,
  harness,
  consoleErrors,
}) => {
  // The upload, then the emulator's import job.
  test.slow();
  await jumpTo(page, DEV, 'instance-overview');
  if (!(await page.getByTestId('activity-import').isVisible())) {
    await page.getByTestId('toggle-activity').click();
  }
  await page.getByTestId('activity-import').click();
  await expect(fileDialog(page)).toBeVisible();
  const path = fileDialog(page).getByTestId('harness-file-path').locator('input');
  await path.fill(`${folder}/Demo_Sales.bak`);
  await path.press('Enter');
  await fileDialog(page).getByTestId('harness-file-confirm').click();
  const sheet = page.getByTestId('import-sheet');
  await expect(sheet.getByTestId('import-name').locator('input')).toHaveValue('Demo_Sales');
  await sheet.getByTestId('import-start').click();
  const card = page.getByTestId('transfer-card').filter({ hasText: 'Demo_Sales' }).first();
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  // The job's end is recorded once main has seen it: wait for that record, then read.
  await expect
    .poll(async () => (await harness.services.audit.list()).records.map((r) => r.type))
    .toContain('jobEnded');

  await jumpTo(page, 'audit', 'audit-view');
  const rows = app.audit.rows;
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('import');
  await expect(row).toContainText(`${DEV} / Demo_Sales`);
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText(/key [0-9a-f]{12}/);

  const expander = app.audit.expander(row);
  await expect(expander).toHaveAccessibleName(`Show the calls of import ${DEV} / Demo_Sales`);
  await expect(expander).toHaveAttribute('aria-expanded', 'false');
  await expander.click();
  await expect(expander).toHaveAttribute('aria-expanded', 'true');
  const calls = app.audit.calls(row);
  await expect(calls).toHaveCount(3);
  await expect(calls.nth(0)).toContainText(/uploads init.*Done · 200/);
  await expect(calls.nth(1)).toContainText(/uploads complete.*Done · 200/);
  await expect(calls.nth(2)).toContainText(/databases import.*Done · 20[02].*job Succeeded/);
  await expect(
    page.getByRole('table', { name: `API calls of import ${DEV} / Demo_Sales` }),
  ).toBeVisible();
  await screenshotThemes(page, 'audit-action-import');
  await expectAccessible(
    page,
    'the audit view with an import open',
    ['[data-testid="audit-view"]'],
    {
      everyRuleInDark: true,
    },
  );

  // From the keyboard: Enter on the row closes it and opens it again; its button too.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(calls).toHaveCount(0);
  await expect(expander).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(calls).toHaveCount(3);
  await expander.focus();
  await page.keyboard.press('Enter');
  await expect(calls).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(calls).toHaveCount(3);

  // A search for one of its calls finds the action.
  await app.audit.search.fill('uploads complete');
  await expect(rows).toHaveCount(1);
  await app.audit.search.fill('');
  expect(consoleErrors).toEqual([]);
});

test('a bulk kill of sessions is one action, each kill a call under it', async ({
  app,
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'sessions dev', 'sessions-view');
  await app.sessions.pause();
  const table = page.getByTestId('session-table');
  const users = app.sessions.rows;
  await expect(users.first()).toBeVisible();
  const keys = await Promise.all(
    Array.from({ length: await users.count() }, (_, i) =>
      users.nth(i).getAttribute('data-row-key'),
    ),
  );
  const spids = keys.filter((key): key is string => Number(key) >= FIRST_USER_SPID).slice(-2);
  expect(spids, 'two user sessions on the screen').toHaveLength(2);
  for (const spid of spids) {
    await table.locator(`tr[data-row-key="${spid}"]`).getByTestId('select-row').click();
  }
  await table.getByTestId('bulk-kill').click();
  const dialog = page.getByTestId('bulk-action-dialog');
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog.getByTestId('bulk-summary')).toBeVisible();
  const items = dialog.getByTestId('bulk-item');
  const states = await Promise.all(
    Array.from({ length: await items.count() }, (_, i) => items.nth(i).getAttribute('data-state')),
  );
  // A session that changed hands since it was listed is left alone (never killed blind).
  const killed = spids.filter((_, index) => states[index] === 'done');
  expect(killed.length, 'a session killed').toBeGreaterThan(0);
  await dialog.getByTestId('dialog-confirm').click();
  await expect(dialog).toBeHidden();

  await jumpTo(page, 'audit', 'audit-view');
  const row = app.audit.rows.first();
  await expect(row).toContainText('kill 2 sessions');
  await app.audit.expander(row).click();
  const calls = app.audit.calls(row);
  for (const spid of killed) {
    const call = calls.filter({ hasText: new RegExp(`sessions kill.*${DEV} / ${spid}(?!\\d)`) });
    await expect(call).toContainText(/Done · 20[04]/);
  }
  await screenshotThemes(page, 'audit-action-bulk');
  expect(consoleErrors).toEqual([]);
});
