import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem, pickOption } from '../support/e2e/menus';
import { screenshotSizes, screenshotThemes } from '../support/e2e/screenshots';
import { tableRows } from '../support/e2e/tables';

/* Linked servers of sql-eu-prod-01 (none in the demo data); one harness per file. */
test.describe.configure({ mode: 'serial' });

const rows = (page: Page) => tableRows(page, 'linked-server-table');

test('the linked servers view shows its empty state, then a link added from the other instances', async ({
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'linked prod', 'linked-servers-view');
  await expect(page.getByTestId('linked-server-table').getByTestId('empty-state')).toContainText(
    'No linked servers',
  );
  await page.getByTestId('linked-server-add').click();
  const add = page.getByTestId('linked-server-add-dialog');
  await add.getByTestId('dialog-confirm').click();
  await expect(add).toContainText('Choose the instance to link');
  await screenshotSizes(page, 'dialogs/linked-server-add-dialog');
  await add.getByTestId('linked-server-instance').click();
  // Only the profile's other instances are offered, not the instance itself.
  const options = page.locator('.n-base-select-option:visible');
  await expect(options).toHaveCount(2);
  await expect(options.filter({ hasText: 'sql-eu-prod-01' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await pickOption(page, add.getByTestId('linked-server-instance'), 'sql-eu-dev-01');
  await add.getByTestId('dialog-confirm').click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Linked server added')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('sql-eu-dev-01');
  await expect(rows(page).first()).toContainText('Connected');
  await screenshotThemes(page, 'linked-servers');
  expect(consoleErrors).toEqual([]);
});

test('remove linked server asks first, then the link is gone', async ({ page }) => {
  await rows(page).first().getByTestId('row-menu').click();
  await pickMenuItem(page, 'Remove link');
  const confirm = page.locator('.n-dialog').filter({ hasText: 'Remove linked server' });
  await expect(confirm).toContainText('sql-eu-dev-01');
  await confirm.getByRole('button', { name: 'Remove link' }).click();
  await expect(page.getByText('Linked server removed')).toBeVisible();
  await expect(page.getByTestId('linked-server-table').getByTestId('empty-state')).toBeVisible();
});

test('a failed load names the operation, carries the message, and recovers with "Try again"', async ({
  page,
  harness,
}) => {
  const { connections, profiles } = harness.services;
  const id = profiles.list().find((p) => p.isEmulator)?.id ?? '';
  await connections.disconnect(id);
  await page.getByTestId('linked-servers-refresh').click();
  const error = page.getByTestId('linked-server-table').getByTestId('error-state');
  await expect(error).toContainText('List linked servers failed');
  await expect(error).toContainText('This connection is not signed in. Connect to it first.');
  await expect(error).toContainText('AUTH_REQUIRED');
  await screenshotThemes(page, 'linked-servers-error');
  await connections.connect(id);
  await error.getByTestId('error-retry').click();
  await expect(page.getByTestId('linked-server-table').getByTestId('empty-state')).toBeVisible();
});
