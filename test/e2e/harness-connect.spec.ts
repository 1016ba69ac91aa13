import { expect, test } from './fixtures';

test('the app loads through the harness without console errors and shows the connection screen', async ({
  page,
  harness,
  consoleErrors,
}) => {
  await page.goto(harness.url);
  await expect(page.getByText('DataBridge Desktop', { exact: true })).toBeVisible();
  await expect(page.getByTestId('connection-screen')).toBeVisible();
  // Native-only features are visibly absent in the harness.
  await expect(page.getByTestId('harness-badge')).toContainText('no tray');
  await page.screenshot({ path: 'artifacts/screenshots/connection-screen.png' });
  expect(consoleErrors).toEqual([]);
});

test('trying the local emulator connects and lists its three demo instances', async ({
  page,
  harness,
  consoleErrors,
}) => {
  await page.goto(harness.url);
  await page.getByTestId('try-emulator').first().click();
  for (const name of ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01']) {
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  }
  await page.screenshot({ path: 'artifacts/screenshots/emulator-instances.png' });
  // The sign-in happened in main (the harness's services), not in the page.
  const [profile] = harness.services.profiles.list();
  expect(profile?.isEmulator).toBe(true);
  expect(harness.services.connections.state(profile?.id ?? '').status).toBe('signedIn');
  expect(consoleErrors).toEqual([]);
});

test('the harness refuses a page or socket without its token', async ({ page, harness }) => {
  const response = await page.goto(harness.origin + '/');
  expect(response?.status()).toBe(403);
  const opened = await page.evaluate(
    async (url) => {
      const socket = new WebSocket(url);
      return new Promise<boolean>((resolve) => {
        socket.onopen = () => resolve(true);
        socket.onerror = () => resolve(false);
      });
    },
    harness.origin.replace('http:', 'ws:') + '/ipc?token=wrong',
  );
  expect(opened).toBe(false);
});
