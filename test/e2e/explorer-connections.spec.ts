import type { Page } from '@playwright/test';
import { startEmulator, type Emulator } from '../../src/emulator/server';
import { expect, test } from '../support/e2e/fixtures';
import { screenshotThemes } from '../support/e2e/screenshots';

/*
 * Connections: the first-run screen, testing before saving, API-key and token profiles on a
 * custom URL (a second emulator started by this file), several profiles open at once, the
 * profile manager, and read-only profiles. One harness for the file; tests run in order.
 */
test.describe.configure({ mode: 'serial' });
// Each test loads the app in a page of its own.
test.use({ pageScope: 'test', open: 'blank' });

let emulator: Emulator;
test.beforeAll(async () => {
  emulator = await startEmulator({ seed: 'demo', jobMs: 200 });
});
test.afterAll(async () => {
  await emulator.close();
});

const CONTRIBUTOR = 'Contributor (custom)';
const TOKEN = 'Token admin';

const contributor = (apiKey: string) => ({ name: CONTRIBUTOR, baseUrl: emulator.baseUrl, apiKey });

/**
 * The open profiles' tabs name them beside their region badges: whole in a 1280 px window,
 * and in a 1024 px one still a few letters each (30 px at least), not one.
 */
async function expectTabNamesReadable(page: Page): Promise<void> {
  type Name = { text: string; scrollWidth: number; clientWidth: number };
  const names = page.getByTestId('profile-tab').locator('.profile-badge__name');
  const measure = (): Promise<Name[]> =>
    names.evaluateAll((found) =>
      (found as unknown as Array<Name & { textContent: string | null }>).map((name) => ({
        text: name.textContent ?? '',
        scrollWidth: name.scrollWidth,
        clientWidth: name.clientWidth,
      })),
    );
  for (const name of await measure()) {
    expect(name.scrollWidth, `${name.text} at 1280`).toBeLessThanOrEqual(name.clientWidth + 1);
  }
  await page.setViewportSize({ width: 1024, height: 700 });
  for (const name of await measure()) {
    expect(name.clientWidth, `${name.text} at 1024`).toBeGreaterThanOrEqual(30);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the first run offers Connect (EU by default) and the local emulator', async ({
  app,
  page,
  consoleErrors,
}) => {
  await app.load();
  const screen = page.getByTestId('connection-screen');
  await expect(screen.getByText('Welcome to DataBridge Desktop')).toBeVisible();
  await expect(screen.getByTestId('profile-target').locator('.n-radio-button--checked')).toHaveText(
    'EU',
  );
  await expect(screen.getByTestId('try-emulator')).toBeVisible();
  await screenshotThemes(page, 'connections-first-run');
  expect(consoleErrors).toEqual([]);
});

test('testing a connection signs in, shows the IP and the ACL verdict, and saves nothing', async ({
  app,
  page,
  harness,
}) => {
  await app.load();
  await app.connections.fillApiKeyProfile(contributor('wrong-key'));
  await page.getByTestId('profile-test').click();
  await expect(page.getByTestId('error-state')).toContainText('Connection test failed');

  await page.getByTestId('profile-api-key').locator('input').fill('demo-contributor-key');
  await page.getByTestId('profile-test').click();
  const result = page.getByTestId('connection-test-result');
  await expect(result).toContainText('3 instances found');
  await expect(result).toContainText('127.0.0.1');
  await expect(result.getByTestId('ip-allowed')).toHaveText(/allowed by the ACL|not in the ACL/);
  expect(harness.services.profiles.list()).toEqual([]);
});

test('save and connect an API-key profile on a custom URL', async ({ app, page }) => {
  await app.load();
  await app.connections.fillApiKeyProfile(contributor('demo-contributor-key'));
  await page.getByTestId('profile-save-connect').click();
  await expect(app.instanceTable.locator('tbody tr')).toHaveCount(3);
  const tab = page.getByTestId('profile-tab').filter({ hasText: CONTRIBUTOR });
  await expect(tab.getByTestId('region-badge')).toHaveText('CUSTOM');
  await expect(page.getByTestId('status-bar')).toContainText(new URL(emulator.baseUrl).host);
  await expect(page.getByTestId('status-identity')).toContainText('Signed in as API key');
});

test('a token sign-in shows a live countdown, beside other open profiles', async ({
  app,
  page,
}) => {
  await app.load();
  await page.getByTestId('new-connection').click();
  const form = page.getByTestId('profile-dialog').getByTestId('profile-form');
  await form.getByTestId('profile-name').locator('input').fill(TOKEN);
  // Once in a full run on a busy machine the click on Custom URL did not take (the dialog
  // still said EU a minute later): clicked again until the URL field shows.
  await expect(async () => {
    await form.getByTestId('profile-target').getByText('Custom URL').click();
    await expect(form.getByTestId('profile-base-url')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await form.getByTestId('profile-base-url').locator('input').fill(emulator.baseUrl);
  await form.getByTestId('profile-auth').getByText('Tenant and user').click();
  await form.getByTestId('profile-tenant').locator('input').fill('demo');
  await form.getByTestId('profile-user').locator('input').fill('admin');
  await form.getByTestId('profile-password').locator('input').fill('demo');
  await form.getByTestId('profile-colors').locator('button').nth(3).click();
  await form.getByTestId('profile-save-connect').click();
  await expect(app.instanceTable.locator('tbody tr')).toHaveCount(3);

  const validity = page.getByTestId('status-validity');
  await expect(validity).toHaveText(/Session valid (59 min( \d\d s)?|1 h)$/);
  const first = await validity.textContent();
  await expect(validity).not.toHaveText(first ?? '', { timeout: 5_000 });
  await expect(page.getByTestId('status-identity')).toContainText('admin');

  // Open the other profile again: two tabs, each with its colour and region badge.
  await page.getByTestId('open-connections').click();
  await page.getByTestId(`profile-row-${CONTRIBUTOR}`).getByTestId('profile-open').click();
  await expect(page.getByTestId('profile-tab')).toHaveCount(2);
  await expectTabNamesReadable(page);
  await expect(app.tree.getByTestId('region-badge')).toHaveCount(2);
  await page.getByTestId('open-connections').click();
  await expect(page.getByTestId('profile-list')).toBeVisible();
  await screenshotThemes(page, 'connections');
});

test('in a 1024x700 window the connection form scrolls and keeps its buttons in sight', async ({
  app,
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.load();
  await page.getByTestId('new-connection').click();
  const dialog = page.getByTestId('profile-dialog');
  await expect(dialog.getByTestId('profile-name')).toBeVisible();
  await expect(dialog.getByTestId('profile-save-connect')).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('edit, duplicate and delete profiles', async ({ app, page }) => {
  await app.load();
  const row = page.getByTestId(`profile-row-${TOKEN}`);
  await row.getByTestId('profile-edit').click();
  const dialog = page.getByTestId('profile-dialog');
  await dialog.getByTestId('profile-name').locator('input').fill(`${TOKEN} EU`);
  await dialog.getByTestId('profile-save').click();
  await expect(page.getByTestId(`profile-row-${TOKEN} EU`)).toBeVisible();

  await page.getByTestId(`profile-row-${TOKEN} EU`).getByTestId('profile-duplicate').click();
  const copy = page.locator('[data-testid^="profile-row-"]').filter({ hasText: 'copy' });
  await expect(copy).toHaveCount(1);
  await copy.getByTestId('profile-delete').click();
  await page.locator('.n-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(copy).toHaveCount(0);
  await expect(page.getByTestId(`profile-row-${TOKEN} EU`)).toBeVisible();
});

test('a read-only profile offers no action that changes something', async ({ app, page }) => {
  await app.load();
  await page.getByTestId(`profile-row-${CONTRIBUTOR}`).getByTestId('profile-edit').click();
  const dialog = page.getByTestId('profile-dialog');
  await dialog.getByTestId('profile-read-only').click();
  await dialog.getByTestId('profile-save').click();
  await expect(
    page.getByTestId(`profile-row-${CONTRIBUTOR}`).getByTestId('read-only-badge'),
  ).toBeVisible();

  await page.getByTestId(`profile-row-${CONTRIBUTOR}`).getByTestId('profile-open').click();
  await app.openDatabases('sql-eu-dev-01');
  await expect(page.getByTestId('create-database')).toBeDisabled();

  // A Contributor may not list every database: the service's 403 is shown, the switch reverts.
  await page.getByTestId('admin-access').click();
  await expect(app.toast('Loading databases failed')).toContainText('Admins only');
  await expect(page.getByTestId('admin-access')).not.toHaveClass(/n-switch--active/);
  // Having been told no, the switch is off for this profile, and says why.
  await expect(page.getByTestId('admin-access')).toHaveClass(/n-switch--disabled/);
  await page.getByTestId('admin-access').hover();
  await expect(page.locator('.n-tooltip').filter({ hasText: 'refused adminAccess' })).toBeVisible();
  await app.databases.table.locator('tbody tr').first().getByTestId('row-menu').click();
  for (const label of ['Rename…', 'Drop…', 'Shrink…', 'Archive…']) {
    await expect(
      page
        .locator('.n-dropdown-option')
        .filter({ hasText: label })
        .locator('.n-dropdown-option-body'),
    ).toHaveClass(/disabled/);
  }
  await page.keyboard.press('Escape');
  // A double click opens the database's own view, with its actions.
  await app.databases.table.locator('tbody tr').first().locator('td').nth(1).dblclick();
  await expect(page.getByTestId('action-drop')).toBeDisabled();
  await expect(page.getByTestId('action-rename')).toBeDisabled();
  await expect(app.tree.getByTestId('read-only-badge')).toBeVisible();
});
