import type { Locator, Page } from '@playwright/test';
import type { Harness } from '../harness/server';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem, runCommand } from '../support/e2e/menus';

/*
 * "Copy as command" in the action dialogs: the action as the `databridge` command line runs
 * it, with what is typed so far, on the clipboard, and never a password. One harness per file.
 */
test.describe.configure({ mode: 'serial' });

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';

/** `--profile NAME` of the emulator profile the session signed in with, quoted for sh. */
function profileOption(harness: Harness): string {
  const name = harness.services.profiles.list().find((p) => p.isEmulator)?.name ?? '';
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(name) ? `--profile ${name}` : `--profile '${name}'`;
}

/** Clicks the dialog's Copy as command (found by its accessible name); answers the clipboard. */
async function copyCommand(page: Page, open: Locator): Promise<string> {
  await page.evaluate('navigator.clipboard.writeText("")');
  await open.getByRole('button', { name: 'Copy as command' }).click();
  await expect(
    page.locator('.n-message').filter({ hasText: 'Command copied' }).last(),
  ).toBeVisible();
  return page.evaluate<string>('navigator.clipboard.readText()');
}

async function databaseAction(page: Page, name: string, item: string): Promise<void> {
  await jumpTo(page, `databases ${PROD}`, 'database-table');
  const row = page.getByTestId('database-table').locator(`tr[data-row-key="${name}"]`);
  await row.getByTestId('row-menu').click();
  await pickMenuItem(page, item);
}

test('rename copies the operation with the name typed so far, quoted for the shell', async ({
  page,
  harness,
  consoleErrors,
}) => {
  await databaseAction(page, 'Finance_Ledger', 'Rename…');
  const rename = page.getByTestId('rename-database-dialog');
  await rename.getByTestId('rename-name').locator('input').fill("Ledger 2027's");
  expect(await copyCommand(page, rename)).toBe(
    `databridge databases rename --instanceName ${PROD} --databaseName Finance_Ledger` +
      ` --body '{"name":"Ledger 2027'\\''s"}' ${profileOption(harness)}`,
  );
  await expectAccessible(page, 'a dialog with Copy as command', [
    '[data-testid="rename-database-dialog"]',
  ]);
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await expect(rename).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('export copies the CLI export transfer, its type by name', async ({ page, harness }) => {
  await databaseAction(page, 'Finance_Ledger', 'Export…');
  const exporting = page.getByTestId('export-dialog');
  await expect(exporting).toContainText('Export Finance_Ledger');
  expect(await copyCommand(page, exporting)).toBe(
    `databridge export --instanceName ${PROD} --databaseName Finance_Ledger --exportTo bak` +
      ` --to . ${profileOption(harness)}`,
  );
  await exporting.getByRole('button', { name: 'Cancel' }).click();
  await expect(exporting).toBeHidden();
});

test('create login copies the command without the password typed', async ({ page, harness }) => {
  const password = 'Zq7!long-and-Secret-42';
  await jumpTo(page, 'logins dev', 'logins-view');
  await runCommand(page, 'Create login');
  const create = page.getByTestId('login-create-dialog');
  await create.getByTestId('login-name').locator('input').fill('report_reader');
  await create.getByTestId('password-input').locator('input').fill(password);
  const copied = await copyCommand(page, create);
  expect(copied).not.toContain(password);
  const [note, command] = copied.split('\n');
  expect(note).toMatch(/^# The password is not copied: replace <password> in --body/);
  expect(command).toBe(
    `databridge logins create --instanceName ${DEV}` +
      ` --body '{"login":"report_reader","password":"<password>","role":"Consumer"}' ${profileOption(harness)}`,
  );
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();
});
