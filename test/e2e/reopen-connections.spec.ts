import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startEmulator } from '../../src/emulator/server';
import { MemorySecretStore } from '../../src/main/services/secrets/secret-store';
import { startHarness, type Harness } from '../harness/server';
import { expect, test } from '../support/e2e/fixtures';
import { screenshotAs, screenshotSizes } from '../support/e2e/screenshots';

/*
 * Connections come back: main keeps which profiles are open, so a reloaded page shows them
 * as they are (tree, tabs, status bar and profile list telling the same story), and a
 * restarted app opens them again by itself, asking once for a secret the last session kept
 * for itself only. A restart is a second harness on the first one's data folder and keychain.
 */
test.use({ pageScope: 'test', open: 'blank' });

const INSTANCES = ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01'];

/** An instance's node in the resource tree. */
function instanceNodes(page: Page, name: string): Locator {
  return page.getByTestId('resource-tree').getByText(name, { exact: true });
}

test('after a reload the open connection is back: tree, status bar and profile agree', async ({
  page,
  harness,
  consoleErrors,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(harness.url);
  await page.getByTestId('try-emulator').first().click();
  await expect(instanceNodes(page, INSTANCES[0] ?? '')).toBeVisible();
  const [profile] = harness.services.profiles.list();

  await page.reload();
  for (const name of INSTANCES) await expect(instanceNodes(page, name)).toBeVisible();
  await expect(page.getByTestId('status-identity')).toHaveText('Signed in as API key');
  await expect(page.getByTestId('status-profile')).toHaveText(profile?.name ?? '');
  const row = page.getByTestId(`profile-row-${profile?.name ?? ''}`);
  await expect(row.getByTestId('profile-status')).toHaveText('Signed in');
  await expect(page.getByTestId('profile-tab')).toHaveCount(1);
  await expect(page.getByTestId('resource-tree')).not.toContainText('No connection open');
  await expect(page.getByTestId('reopen-notice')).toHaveCount(0);
  await screenshotAs(page, 'reopen-after-reload');
  expect(harness.services.openConnections.list().connections).toEqual([
    { profileId: profile?.id, isReopening: false },
  ]);
  expect(consoleErrors).toEqual([]);
});

test('after a restart a kept key reopens by itself, and a session-only one asks once', async ({
  app,
  page,
  consoleErrors,
}) => {
  // Two starts of the app and three page loads: more than one test's usual time.
  test.slow();
  await page.emulateMedia({ colorScheme: 'light' });
  const emulator = await startEmulator({ seed: 'demo', jobMs: 200 });
  const dataDir = await mkdtemp(join(tmpdir(), 'databridge-reopen-'));
  const keychain = new MemorySecretStore();
  let harness: Harness | undefined;
  try {
    harness = await startHarness({ dataDir, secretStore: keychain });
    await page.goto(harness.url);
    const fill = (form: Locator, name: string): Promise<void> =>
      app.connections.fillApiKeyProfile(
        { name, baseUrl: emulator.baseUrl, apiKey: 'demo-admin-key' },
        form,
      );
    // "Kept" with its key in the keychain; "Session" with the key for this run only.
    await fill(page.getByTestId('profile-form'), 'Kept');
    await page.getByTestId('profile-save-connect').click();
    await expect(instanceNodes(page, INSTANCES[0] ?? '')).toHaveCount(1);
    await page.getByTestId('open-connections').click();
    await page.getByTestId('new-connection').click();
    const dialog = page.getByTestId('profile-dialog');
    await fill(dialog, 'Session');
    await dialog.getByText('Remember the secret in the keychain').click();
    await dialog.getByTestId('profile-save-connect').click();
    await expect(instanceNodes(page, INSTANCES[0] ?? '')).toHaveCount(2);

    await harness.close();
    harness = await startHarness({ dataDir, secretStore: keychain });
    await page.goto(harness.url);

    // "Kept" is back without a question; "Session" waits for its key, said everywhere alike.
    await expect(instanceNodes(page, INSTANCES[0] ?? '')).toHaveCount(1);
    const notice = page.getByTestId('reopen-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('"Session" was open when the app last closed');
    const row = page.getByTestId('profile-row-Session');
    await expect(row.getByTestId('profile-status')).toHaveText('Sign-in needed');
    await expect(row.getByTestId('profile-problem')).toContainText('kept for that session only');
    await expect(page.getByTestId('profile-row-Kept').getByTestId('profile-status')).toHaveText(
      'Signed in',
    );
    await expect(page.getByTestId('status-identity')).toHaveText(/^Sign-in needed/);
    await expect(page.getByTestId('resource-tree')).toContainText('sign-in needed');
    await screenshotAs(page, 'reopen-after-restart');

    // Other views do not ask again, nor does the tab of the profile that came back.
    await page
      .getByTestId('profile-tab')
      .filter({ hasText: 'Kept' })
      .getByRole('button')
      .first()
      .click();
    await expect(page.getByTestId('status-identity')).toHaveText('Signed in as API key');
    await page.getByTestId('open-monitor').click();
    await page.getByTestId('open-connections').click();
    await expect(notice).toHaveCount(1);
    // A reload asks once more, once.
    await page.reload();
    await expect(notice).toHaveCount(1);
    await expect(row.getByTestId('profile-status')).toHaveText('Sign-in needed');

    await notice.getByTestId('reopen-sign-in').click();
    const prompt = page.getByTestId('connect-prompt');
    await expect(prompt.getByTestId('connect-secret')).toBeVisible();
    await screenshotSizes(page, 'dialogs/connect-prompt');
    await prompt.getByTestId('connect-secret').locator('input').fill('demo-admin-key');
    await prompt.getByTestId('dialog-confirm').click();
    await expect(instanceNodes(page, INSTANCES[0] ?? '')).toHaveCount(2);
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('status-identity')).toHaveText('Signed in as API key');
    await page.getByTestId('open-connections').click();
    await expect(row.getByTestId('profile-status')).toHaveText('Signed in');
    await expect(row.getByTestId('profile-problem')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  } finally {
    await harness?.close();
    await emulator.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
